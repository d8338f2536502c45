mod support;

use autodiff::normalize::normalize;
use autodiff::{DiffError, DiffInfo, backward_derivative, forward_derivative};
use expect_test::expect;
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
    check_reverse_with(m, info, f, args, true)
}

/// `check_reverse`, with the finite-difference check optional (`no_diff` calls cut derivatives
/// that finite differences see).
fn check_reverse_with(
    m: &mut Module,
    info: &mut DiffInfo,
    f: FuncId,
    args: Vec<Value>,
    finite_differences: bool,
) -> Vec<f64> {
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
            (
                strip_to_diff(m, info, p.ty, &a.with_floats(&mut d.clone().into_iter())),
                d,
            )
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
            let d = v_dirs[i]
                .clone()
                .unwrap_or_else(|| zero_diff(m, info, p.ty));
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
            (true, ParamDir::InOut) => bwd_args.push(Value::Composite(vec![
                a.clone(),
                w_dirs[i].clone().unwrap(),
            ])),
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
    if full_diff && finite_differences {
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
    check_reverse(
        &mut m,
        &mut info,
        f,
        vec![Value::F64(0.7), Value::F64(-1.3)],
    );
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
    "#]]
    .assert_eq(&show(&m, "s_bwd_f"));
}

/// `bwd_diff(f)` with `dOut = 1` at scalar/struct inputs (all `in`): the input gradients.
fn gradient(m: &Module, info: &DiffInfo, f: FuncId, args: Vec<Value>) -> Vec<f64> {
    let bwd = info.backward_of(f).unwrap();
    let bfunc = m.function(bwd).unwrap();
    let mut bargs = Vec::new();
    let mut ai = args.into_iter();
    for p in &bfunc.params {
        if p.name == "dOut" {
            let s = m.types.scalar_of(p.ty).unwrap();
            bargs.push(Value::from_f64(s, 1.0));
        } else if p.dir == ParamDir::InOut {
            let a = ai.next().unwrap();
            let z = Value::zero(&m.types, p.ty);
            let Value::Composite(mut pd) = z else {
                panic!()
            };
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

/// `double myPow(double x, int n) { double result = 1; [MaxIters(8)] for (int i = 0; i < n;
/// i++) result *= x; return result; }` (the paper's Listing 5).
fn my_pow(m: &mut Module, info: &mut DiffInfo, ty: TypeId, one: Literal) -> FuncId {
    let i32t = m.types.i32();
    func(m, info, "myPow", ty, |b| {
        let x = b.param("x", ty, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let result = b.local("result", ty);
        let i = b.local("i", i32t);
        let o = b.literal(one);
        b.store(Place::local(result), o);
        let zero = b.i32(0);
        let nv = b.load(Place::param(n));
        for_loop(b, i, zero, nv, attrs(8), |b, _| {
            let r = b.load(Place::local(result));
            let xv = b.load(Place::param(x));
            let p = b.mul(r, xv);
            b.store(Place::local(result), p);
        });
        let r = b.load(Place::local(result));
        b.ret(Some(r));
    })
}

#[test]
fn my_pow_passes() {
    let (mut m, mut info, f64t) = setup();
    let f = my_pow(&mut m, &mut info, f64t, Literal::F64(1.0));
    let func = m.function(f).unwrap().clone();
    let norm = normalize(&mut m, &func).unwrap();
    let mut shown = norm.func.clone();
    shown.name = "normalized_myPow".into();
    expect![[r#"
        fn normalized_myPow(x: double, n: int) -> double {
          local result: double
          local i: int
          local P_x: double
          local P_n: int
          local ret_flag: bool
          local retval: double
          local brk1: bool
          local iter1: int
          %27: double = load $x
          store $P_x, %27
          %28: int = load $n
          store $P_n, %28
          %12: bool = false
          store $ret_flag, %12
          %0: double = 1.0l
          store $result, %0
          %1: int = 0
          %2: int = load $P_n
          store $i, %1
          %13: bool = false
          store $brk1, %13
          %14: int = 0
          store $iter1, %14
          loop [MaxIters(8)] {
            %15: bool = load $brk1
            %16: bool = not %15
            if %16 {
              %3: int = load $i
              %4: bool = lt %3, %2
              if %4 {
              } else {
                %17: bool = true
                store $brk1, %17
              }
              %18: bool = load $brk1
              %19: bool = not %18
              if %19 {
                %5: double = load $result
                %6: double = load $P_x
                %7: double = mul %5, %6
                store $result, %7
              }
              %20: bool = load $brk1
              %21: bool = not %20
              if %21 {
                %8: int = load $i
                %9: int = 1
                %10: int = add %8, %9
                store $i, %10
              }
              %22: int = load $iter1
              %23: int = 1
              %24: int = add %22, %23
              store $iter1, %24
            } else {
              break
            }
          }
          %25: int = load $iter1
          %11: double = load $result
          store $retval, %11
          %26: bool = true
          store $ret_flag, %26
          %29: double = load $retval
          return %29
        }
    "#]]
    .assert_eq(&print_function(&m, &shown));
    check_reverse(&mut m, &mut info, f, vec![Value::F64(1.3), Value::I32(5)]);
    // Linearisation (forward mode) of the same function.
    expect![[r#"
        fn s_fwd_myPow(x: DiffPair_double, n: int) -> DiffPair_double {
          local result: double
          local i: int
          local d_result: double
          %0: double = 1.0l
          store $result, %0
          %1: double = zero
          store $d_result, %1
          %2: int = 0
          %3: int = load $n
          store $i, %2
          loop [MaxIters(8)] {
            %4: int = load $i
            %5: bool = lt %4, %3
            if %5 {
            } else {
              break
            }
            %6: double = load $result
            %7: double = load $d_result
            %8: double = load $x.p
            %9: double = load $x.d
            %10: double = mul %6, %8
            %11: double = mul %7, %8
            %12: double = mul %6, %9
            %13: double = add %11, %12
            store $result, %10
            store $d_result, %13
          } continuing {
            %14: int = load $i
            %15: int = 1
            %16: int = add %14, %15
            store $i, %16
          }
          %17: double = load $result
          %18: double = load $d_result
          %19: DiffPair_double = construct %17, %18
          return %19
        }
    "#]]
    .assert_eq(&show(&m, "s_fwd_myPow"));
    // d/dx x^5 = 5 x^4
    let g1 = gradient(&m, &info, f, vec![Value::F64(1.3), Value::I32(5)]);
    assert_close(&g1, &[5.0 * 1.3f64.powi(4)], 1e-12, "myPow gradient");
    expect![[r#"
        fn s_bwd_myPow(inout x: DiffPair_double, n: int, dOut: double) -> void {
          local result: double
          local i: int
          local P_x: double
          local P_n: int
          local ret_flag: bool
          local retval: double
          local brk1: bool
          local iter1: int
          local d_retval: double
          local adj11: double
          local d_result: double
          local rev16: int
          local adj7: double
          local adj5: double
          local tape5: double[9]
          local adj6: double
          local d_P_x: double
          local tape18: bool
          %106: double = load $x.p
          store $P_x, %106
          %107: int = load $n
          store $P_n, %107
          %12: bool = false
          store $ret_flag, %12
          %0: double = 1.0l
          store $result, %0
          %1: int = 0
          %2: int = load $P_n
          store $i, %1
          %13: bool = false
          store $brk1, %13
          %14: int = 0
          store $iter1, %14
          loop [MaxIters(8)] {
            %15: bool = load $brk1
            %16: bool = not %15
            if %16 {
              %3: int = load $i
              %4: bool = lt %3, %2
              if %4 {
              } else {
                %17: bool = true
                store $brk1, %17
              }
              %18: bool = load $brk1
              store $tape18, %18
              %19: bool = not %18
              if %19 {
                %5: double = load $result
                %105: int = load $iter1
                store $tape5[%105], %5
                %6: double = load $P_x
                %7: double = mul %5, %6
                store $result, %7
              }
              %20: bool = load $brk1
              %21: bool = not %20
              if %21 {
                %8: int = load $i
                %9: int = 1
                %10: int = add %8, %9
                store $i, %10
              }
              %22: int = load $iter1
              %23: int = 1
              %24: int = add %22, %23
              store $iter1, %24
            } else {
              break
            }
          }
          %25: int = load $iter1
          %11: double = load $result
          store $retval, %11
          %26: bool = true
          store $ret_flag, %26
          %98: double = zero
          store $adj5, %98
          %99: double = zero
          store $adj6, %99
          %100: double = zero
          store $adj7, %100
          %101: double = zero
          store $adj11, %101
          %102: double = zero
          store $d_result, %102
          %103: double = zero
          store $d_P_x, %103
          %104: double = load $dOut
          store $d_retval, %104
          %30: double = load $d_retval
          %31: double = zero
          store $d_retval, %31
          %32: double = load $adj11
          %33: double = add %32, %30
          store $adj11, %33
          %34: double = load $adj11
          %35: double = zero
          store $adj11, %35
          %36: double = load $d_result
          %37: double = add %36, %34
          store $d_result, %37
          store $rev16, %25
          %38: int = 0
          %39: bool = gt %25, %38
          if %39 {
            %40: int = 1
            %41: int = sub %25, %40
            store $rev16, %41
            %64: bool = load $tape18
            %65: int = 1
            %66: int = sub %25, %65
            %67: bool = eq %41, %66
            %68: bool = and %67, %64
            %69: bool = not %68
            if %69 {
              %42: double = load $d_result
              %43: double = zero
              store $d_result, %43
              %44: double = load $adj7
              %45: double = add %44, %42
              store $adj7, %45
              %46: double = load $adj7
              %47: double = zero
              store $adj7, %47
              %48: double = load $P_x
              %49: double = mul %46, %48
              %50: double = load $adj5
              %51: double = add %50, %49
              store $adj5, %51
              %52: double = load $tape5[%41]
              %53: double = mul %46, %52
              %54: double = load $adj6
              %55: double = add %54, %53
              store $adj6, %55
              %56: double = load $adj6
              %57: double = zero
              store $adj6, %57
              %58: double = load $d_P_x
              %59: double = add %58, %56
              store $d_P_x, %59
              %60: double = load $adj5
              %61: double = zero
              store $adj5, %61
              %62: double = load $d_result
              %63: double = add %62, %60
              store $d_result, %63
            }
          }
          loop [MaxIters(9)] {
            %70: int = load $rev16
            %71: bool = gt %70, %38
            if %71 {
              %72: int = 1
              %73: int = sub %70, %72
              store $rev16, %73
              %74: double = load $d_result
              %75: double = zero
              store $d_result, %75
              %76: double = load $adj7
              %77: double = add %76, %74
              store $adj7, %77
              %78: double = load $adj7
              %79: double = zero
              store $adj7, %79
              %80: double = load $P_x
              %81: double = mul %78, %80
              %82: double = load $adj5
              %83: double = add %82, %81
              store $adj5, %83
              %84: double = load $tape5[%73]
              %85: double = mul %78, %84
              %86: double = load $adj6
              %87: double = add %86, %85
              store $adj6, %87
              %88: double = load $adj6
              %89: double = zero
              store $adj6, %89
              %90: double = load $d_P_x
              %91: double = add %90, %88
              store $d_P_x, %91
              %92: double = load $adj5
              %93: double = zero
              store $adj5, %93
              %94: double = load $d_result
              %95: double = add %94, %92
              store $d_result, %95
            } else {
              break
            }
          }
          %96: double = load $d_result
          %97: double = zero
          store $d_result, %97
          %108: double = load $d_P_x
          store $x.d, %108
          return
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_myPow"));
    let bwd = info.backward_of(f).unwrap();
    expect!["73"].assert_eq(&info.bwd_context_bytes[&bwd].to_string());
}

/// The paper's Taylor-series `sin`: loop-carried `sum` and `term`, a dynamic count under
/// `[MaxIters]`, and (optionally) an inner `[ForceUnroll]` loop of `unroll` steps.
fn taylor_sin(m: &mut Module, info: &mut DiffInfo, f64t: TypeId, unroll: Option<u32>) -> FuncId {
    let i32t = m.types.i32();
    let name = if unroll.is_some() {
        "sin_unrolled"
    } else {
        "sin_taylor"
    };
    func(m, info, name, f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let sum = b.local("sum", f64t);
        let term = b.local("term", f64t);
        let i = b.local("i", i32t);
        let j = b.local("j", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(term), xv);
        let nv = b.load(Place::param(n));
        // sum += term; term *= -x*x / ((2k)(2k+1))
        let step = |b: &mut FunctionBuilder, k: ValueId| {
            let s = b.load(Place::local(sum));
            let t = b.load(Place::local(term));
            let s2 = b.add(s, t);
            b.store(Place::local(sum), s2);
            let xv = b.load(Place::param(x));
            let xx = b.mul(xv, xv);
            let nxx = b.unary(UnaryOp::Neg, xx);
            let kf = b.convert(k, Scalar::F64);
            let two = b.literal(Literal::F64(2.0));
            let one = b.literal(Literal::F64(1.0));
            let k2 = b.mul(two, kf);
            let k21 = b.add(k2, one);
            let den = b.mul(k2, k21);
            let q = b.div(nxx, den);
            let t2 = b.mul(t, q);
            b.store(Place::local(term), t2);
        };
        let one = b.i32(1);
        match unroll {
            None => for_loop(b, i, one, nv, attrs(10), |b, k| step(b, k)),
            Some(u) => {
                // for (i = 1; i < n; i += u) [ForceUnroll] for (j = i; j < i + u; j++) step(j)
                b.store(Place::local(i), one);
                b.loop_(
                    attrs(10),
                    |b| {
                        let iv = b.load(Place::local(i));
                        let more = b.lt(iv, nv);
                        b.if_(more, |_| {}, |b| b.brk());
                        let uv = b.i32(u as i32);
                        let end = b.add(iv, uv);
                        let unrolled = LoopAttrs {
                            max_iters: Some(u),
                            force_unroll: true,
                        };
                        for_loop(b, j, iv, end, unrolled, |b, k| step(b, k));
                    },
                    |b| {
                        let iv = b.load(Place::local(i));
                        let uv = b.i32(u as i32);
                        let n2 = b.add(iv, uv);
                        b.store(Place::local(i), n2);
                        None
                    },
                );
            }
        }
        let s = b.load(Place::local(sum));
        b.ret(Some(s));
    })
}

/// The paper's extraction (section 5.4) on `myPow`: marked `[PreferCheckpoint]` and called by
/// `h(x) = myPow(x, 5) * x`, it is split into `s_primal_ctx_myPow` (primal code filling the
/// context: the loop's tape) and `s_bwd_prop_myPow` (propagation reading it); `h`'s backward
/// derivative stores the context instead of re-running `myPow`'s loop.
#[test]
fn my_pow_extracted_into_primal_context_and_propagation() {
    let (mut m, mut info, f64t) = setup();
    let f = my_pow(&mut m, &mut info, f64t, Literal::F64(1.0));
    info.prefer_checkpoint.insert(f);
    let i32t = m.types.i32();
    let h = func(&mut m, &mut info, "h", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let five = b.i32(5);
        let _ = i32t;
        let p = b.call(f, vec![Arg::Value(xv), Arg::Value(five)]);
        let r = b.mul(p, xv);
        b.ret(Some(r));
    });
    let bwd = autodiff::backward_derivative(&mut m, &mut info, h).unwrap();
    let (primal_ctx, prop, _) = info.bwd_split[&f];
    let context = |id: FuncId| {
        info.bwd_context_bytes
            .get(&id)
            .map_or("none".to_string(), |b| b.to_string())
    };
    expect![[r#"
        fn s_primal_ctx_myPow(x: double, n: int, out ctx: myPow_Context) -> double {
          local result: double
          local i: int
          local P_x: double
          local P_n: int
          local ret_flag: bool
          local retval: double
          local brk1: bool
          local iter1: int
          local d_retval: double
          local adj11: double
          local d_result: double
          local rev16: int
          local adj7: double
          local adj5: double
          local tape5: double[9]
          local adj6: double
          local d_P_x: double
          local tape18: bool
          %109: double = load $x
          store $P_x, %109
          %110: int = load $n
          store $P_n, %110
          %12: bool = false
          store $ret_flag, %12
          %0: double = 1.0l
          store $result, %0
          %1: int = 0
          %2: int = load $P_n
          store $i, %1
          %13: bool = false
          store $brk1, %13
          %14: int = 0
          store $iter1, %14
          loop [MaxIters(8)] {
            %15: bool = load $brk1
            %16: bool = not %15
            if %16 {
              %3: int = load $i
              %4: bool = lt %3, %2
              if %4 {
              } else {
                %17: bool = true
                store $brk1, %17
              }
              %18: bool = load $brk1
              store $tape18, %18
              %19: bool = not %18
              if %19 {
                %5: double = load $result
                %105: int = load $iter1
                store $tape5[%105], %5
                %6: double = load $P_x
                %7: double = mul %5, %6
                store $result, %7
              }
              %20: bool = load $brk1
              %21: bool = not %20
              if %21 {
                %8: int = load $i
                %9: int = 1
                %10: int = add %8, %9
                store $i, %10
              }
              %22: int = load $iter1
              %23: int = 1
              %24: int = add %22, %23
              store $iter1, %24
            } else {
              break
            }
          }
          %25: int = load $iter1
          %11: double = load $result
          store $retval, %11
          %26: bool = true
          store $ret_flag, %26
          %111: double[9] = load $tape5
          store $ctx.tape5, %111
          %112: bool = load $tape18
          store $ctx.tape18, %112
          store $ctx.v25, %25
          %113: double = load $retval
          return %113
        }

        fn s_bwd_prop_myPow(inout x: DiffPair_double, n: int, dOut: double, ctx: myPow_Context) -> void {
          local result: double
          local i: int
          local P_x: double
          local P_n: int
          local ret_flag: bool
          local retval: double
          local brk1: bool
          local iter1: int
          local d_retval: double
          local adj11: double
          local d_result: double
          local rev16: int
          local adj7: double
          local adj5: double
          local tape5: double[9]
          local adj6: double
          local d_P_x: double
          local tape18: bool
          %106: double = load $x.p
          store $P_x, %106
          %107: int = load $n
          store $P_n, %107
          %109: double[9] = load $ctx.tape5
          store $tape5, %109
          %110: bool = load $ctx.tape18
          store $tape18, %110
          %111: int = load $ctx.v25
          %98: double = zero
          store $adj5, %98
          %99: double = zero
          store $adj6, %99
          %100: double = zero
          store $adj7, %100
          %101: double = zero
          store $adj11, %101
          %102: double = zero
          store $d_result, %102
          %103: double = zero
          store $d_P_x, %103
          %104: double = load $dOut
          store $d_retval, %104
          %30: double = load $d_retval
          %31: double = zero
          store $d_retval, %31
          %32: double = load $adj11
          %33: double = add %32, %30
          store $adj11, %33
          %34: double = load $adj11
          %35: double = zero
          store $adj11, %35
          %36: double = load $d_result
          %37: double = add %36, %34
          store $d_result, %37
          store $rev16, %111
          %38: int = 0
          %39: bool = gt %111, %38
          if %39 {
            %40: int = 1
            %41: int = sub %111, %40
            store $rev16, %41
            %64: bool = load $tape18
            %65: int = 1
            %66: int = sub %111, %65
            %67: bool = eq %41, %66
            %68: bool = and %67, %64
            %69: bool = not %68
            if %69 {
              %42: double = load $d_result
              %43: double = zero
              store $d_result, %43
              %44: double = load $adj7
              %45: double = add %44, %42
              store $adj7, %45
              %46: double = load $adj7
              %47: double = zero
              store $adj7, %47
              %48: double = load $P_x
              %49: double = mul %46, %48
              %50: double = load $adj5
              %51: double = add %50, %49
              store $adj5, %51
              %52: double = load $tape5[%41]
              %53: double = mul %46, %52
              %54: double = load $adj6
              %55: double = add %54, %53
              store $adj6, %55
              %56: double = load $adj6
              %57: double = zero
              store $adj6, %57
              %58: double = load $d_P_x
              %59: double = add %58, %56
              store $d_P_x, %59
              %60: double = load $adj5
              %61: double = zero
              store $adj5, %61
              %62: double = load $d_result
              %63: double = add %62, %60
              store $d_result, %63
            }
          }
          loop [MaxIters(9)] {
            %70: int = load $rev16
            %71: bool = gt %70, %38
            if %71 {
              %72: int = 1
              %73: int = sub %70, %72
              store $rev16, %73
              %74: double = load $d_result
              %75: double = zero
              store $d_result, %75
              %76: double = load $adj7
              %77: double = add %76, %74
              store $adj7, %77
              %78: double = load $adj7
              %79: double = zero
              store $adj7, %79
              %80: double = load $P_x
              %81: double = mul %78, %80
              %82: double = load $adj5
              %83: double = add %82, %81
              store $adj5, %83
              %84: double = load $tape5[%73]
              %85: double = mul %78, %84
              %86: double = load $adj6
              %87: double = add %86, %85
              store $adj6, %87
              %88: double = load $adj6
              %89: double = zero
              store $adj6, %89
              %90: double = load $d_P_x
              %91: double = add %90, %88
              store $d_P_x, %91
              %92: double = load $adj5
              %93: double = zero
              store $adj5, %93
              %94: double = load $d_result
              %95: double = add %94, %92
              store $d_result, %95
            } else {
              break
            }
          }
          %96: double = load $d_result
          %97: double = zero
          store $d_result, %97
          %108: double = load $d_P_x
          store $x.d, %108
          return
        }

        fn s_bwd_h(inout x: DiffPair_double, dOut: double) -> void {
          local P_x: double
          local ret_flag: bool
          local retval: double
          local d_retval: double
          local adj3: double
          local adj2: double
          local adj0: double
          local pair: DiffPair_double
          local ctx2: myPow_Context
          local d_P_x: double
          %38: double = load $x.p
          store $P_x, %38
          %4: bool = false
          store $ret_flag, %4
          %0: double = load $P_x
          %1: int = 5
          %2: double = call s_primal_ctx_myPow(%0, %1, out $ctx2)
          %3: double = mul %2, %0
          store $retval, %3
          %5: bool = true
          store $ret_flag, %5
          %33: double = zero
          store $adj0, %33
          %34: double = zero
          store $adj2, %34
          %35: double = zero
          store $adj3, %35
          %36: double = zero
          store $d_P_x, %36
          %37: double = load $dOut
          store $d_retval, %37
          %8: double = load $d_retval
          %9: double = zero
          store $d_retval, %9
          %10: double = load $adj3
          %11: double = add %10, %8
          store $adj3, %11
          %12: double = load $adj3
          %13: double = zero
          store $adj3, %13
          %14: double = mul %12, %0
          %15: double = load $adj2
          %16: double = add %15, %14
          store $adj2, %16
          %17: double = mul %12, %2
          %18: double = load $adj0
          %19: double = add %18, %17
          store $adj0, %19
          %20: double = zero
          %21: DiffPair_double = construct %0, %20
          store $pair, %21
          %22: double = load $adj2
          %23: double = zero
          store $adj2, %23
          %24: myPow_Context = load $ctx2
          %25: void = call s_bwd_prop_myPow(inout $pair, %1, %22, %24)
          %26: double = load $pair.d
          %27: double = load $adj0
          %28: double = add %27, %26
          store $adj0, %28
          %29: double = load $adj0
          %30: double = zero
          store $adj0, %30
          %31: double = load $d_P_x
          %32: double = add %31, %29
          store $d_P_x, %32
          %39: double = load $d_P_x
          store $x.d, %39
          return
        }

        context of s_bwd_prop_myPow: 80 bytes; of s_bwd_h: 80 bytes"#]]
    .assert_eq(&format!(
        "{}\n{}\n{}\ncontext of s_bwd_prop_myPow: {} bytes; of s_bwd_h: {} bytes",
        print_function(&m, m.function(primal_ctx).unwrap()),
        print_function(&m, m.function(prop).unwrap()),
        print_function(&m, m.function(bwd).unwrap()),
        context(prop),
        context(bwd),
    ));
    check_reverse(&mut m, &mut info, h, vec![Value::F64(1.3)]);
    let g = gradient(&m, &info, h, vec![Value::F64(1.3)]);
    // d/dx x^6 = 6 x^5
    assert_close(&g, &[6.0 * 1.3f64.powi(5)], 1e-9, "h gradient");
}

/// `[PreferCheckpoint]` callees that call `[PreferCheckpoint]` callees (at top level and in a
/// loop): the inner contexts must travel inside the outer context, or the outer propagation
/// function reads zeros.
#[test]
fn nested_checkpointed_contexts() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let pow = my_pow(&mut m, &mut info, f64t, Literal::F64(1.0));
    info.prefer_checkpoint.insert(pow);
    // mid(x) = myPow(x, 3) * x + sum_{i < 2} myPow(x, i + 1) = x^4 + x + x^2
    let mid = func(&mut m, &mut info, "mid", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let s = b.local("s", f64t);
        let i = b.local("i", i32t);
        let xv = b.load(Place::param(x));
        let three = b.i32(3);
        let c = b.call(pow, vec![Arg::Value(xv), Arg::Value(three)]);
        let top = b.mul(c, xv);
        b.store(Place::local(s), top);
        let zero = b.i32(0);
        let two = b.i32(2);
        for_loop(b, i, zero, two, attrs(2), |b, iv| {
            let one = b.i32(1);
            let n = b.add(iv, one);
            let xv = b.load(Place::param(x));
            let p = b.call(pow, vec![Arg::Value(xv), Arg::Value(n)]);
            let sv = b.load(Place::local(s));
            let sum = b.add(sv, p);
            b.store(Place::local(s), sum);
        });
        let r = b.load(Place::local(s));
        b.ret(Some(r));
    });
    info.prefer_checkpoint.insert(mid);
    // h(x) = mid(x) * x = x^5 + x^2 + x^3
    let h = func(&mut m, &mut info, "h", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let c = b.call(mid, vec![Arg::Value(xv)]);
        let r = b.mul(c, xv);
        b.ret(Some(r));
    });
    check_reverse(&mut m, &mut info, h, vec![Value::F64(1.3)]);
    let g = gradient(&m, &info, h, vec![Value::F64(1.3)]);
    let x = 1.3f64;
    assert_close(
        &g,
        &[5.0 * x.powi(4) + 2.0 * x + 3.0 * x * x],
        1e-9,
        "h gradient",
    );
    let bytes = |f: FuncId| info.bwd_context_bytes[&info.backward_of(f).unwrap()];
    let prop = |f: FuncId| info.bwd_context_bytes[&info.bwd_split[&f].1];
    // myPow: double[9] + bool (the exit flag's last run) + int = 80; mid: its tape, one myPow context at top level
    // and three in the loop (MaxIters(2) + 1); h: mid's context.
    expect!["myPow 80, mid 360, h 360"].assert_eq(&format!(
        "myPow {}, mid {}, h {}",
        prop(pow),
        prop(mid),
        bytes(h)
    ));
}

/// A counted loop `for (i = 0; i < n; i += 2) { t = t * x + i; t = t * float(i) }`: the
/// backward region needs `t` (loop state: one tape), `i` (recomputed from the reverse counter,
/// once though loaded twice) and the exit flag (only its last run's value, a scalar).
#[test]
fn counted_loop_tape_holds_only_the_loop_state() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let f = func(&mut m, &mut info, "counted", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let t = b.local("t", f64t);
        let i = b.local("i", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(t), xv);
        let nv = b.load(Place::param(n));
        let zero = b.i32(0);
        b.store(Place::local(i), zero);
        b.loop_(
            attrs(8),
            |b| {
                let iv = b.load(Place::local(i));
                let more = b.lt(iv, nv);
                b.if_(more, |_| {}, |b| b.brk());
                let tv = b.load(Place::local(t));
                let xv = b.load(Place::param(x));
                let tx = b.mul(tv, xv);
                let iv2 = b.load(Place::local(i));
                let fi = b.convert(iv2, Scalar::F64);
                let t2 = b.add(tx, fi);
                let t3 = b.mul(t2, fi);
                b.store(Place::local(t), t3);
            },
            |b| {
                let iv = b.load(Place::local(i));
                let two = b.i32(2);
                let n2 = b.add(iv, two);
                b.store(Place::local(i), n2);
                None
            },
        );
        let tv = b.load(Place::local(t));
        b.ret(Some(tv));
    });
    for (x, n) in [(0.7, 7), (-1.3, 2), (0.5, 0), (1.1, 16)] {
        check_reverse(&mut m, &mut info, f, vec![Value::F64(x), Value::I32(n)]);
    }
    let text = show(&m, "s_bwd_counted");
    let tapes: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("tape") || l.contains(" = mul %") && l.contains(": int"))
        .map(str::trim)
        .collect();
    let bwd = info.backward_of(f).unwrap();
    expect![[r#"
        local tape5: double[9]
        local tape22: bool
        store $tape22, %22
        store $tape5[%163], %5
        %90: bool = load $tape22
        %53: int = mul %52, %45
        %59: double = load $tape5[%45]
        %107: int = mul %106, %99
        %113: double = load $tape5[%99]
        context: 73 bytes"#]]
    .assert_eq(&format!(
        "{}\ncontext: {} bytes",
        tapes.join("\n"),
        info.bwd_context_bytes[&bwd]
    ));
}

/// `[ForceUnroll] for (k = 1; k < 4; k++) term = -term * x * x / float((2k)(2k+1))`, unrolled
/// by `ir::passes_unroll` before differentiation: three straight-line copies with the
/// denominators folded to literals, and a backward derivative without loop tapes.
#[test]
fn force_unrolled_loop_is_straight_line_code() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let f = func(&mut m, &mut info, "unrolled", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let term = b.local("term", f64t);
        let k = b.local("k", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(term), xv);
        let one = b.i32(1);
        let four = b.i32(4);
        let unrolled = LoopAttrs {
            max_iters: None,
            force_unroll: true,
        };
        for_loop(b, k, one, four, unrolled, |b, kv| {
            let t = b.load(Place::local(term));
            let nt = b.unary(UnaryOp::Neg, t);
            let xv = b.load(Place::param(x));
            let a = b.mul(nt, xv);
            let a = b.mul(a, xv);
            let two = b.i32(2);
            let k2 = b.mul(two, kv);
            let one = b.i32(1);
            let k21 = b.add(k2, one);
            let den = b.mul(k2, k21);
            let den = b.convert(den, Scalar::F64);
            let q = b.div(a, den);
            b.store(Place::local(term), q);
        });
        let t = b.load(Place::local(term));
        b.ret(Some(t));
    });
    let reference = interp::call(&m, f, vec![Value::F64(0.7)]).unwrap();
    assert!(ir::passes_unroll::unroll_forced_loops_in(&mut m, f));
    ir::verify(&m).unwrap();
    assert_eq!(
        interp::call(&m, f, vec![Value::F64(0.7)]).unwrap(),
        reference
    );
    expect![[r#"
        fn unrolled(x: double) -> double {
          local term: double
          local k: int
          %0: double = load $x
          store $term, %0
          %1: int = 1
          store $k, %1
          %22: double = load $term
          %23: double = neg %22
          %24: double = load $x
          %25: double = mul %23, %24
          %26: double = mul %25, %24
          %31: int = 6
          %32: double = convert.double %31
          %33: double = div %26, %32
          store $term, %33
          %36: int = 2
          store $k, %36
          %38: double = load $term
          %39: double = neg %38
          %40: double = load $x
          %41: double = mul %39, %40
          %42: double = mul %41, %40
          %47: int = 20
          %48: double = convert.double %47
          %49: double = div %42, %48
          store $term, %49
          %52: int = 3
          store $k, %52
          %54: double = load $term
          %55: double = neg %54
          %56: double = load $x
          %57: double = mul %55, %56
          %58: double = mul %57, %56
          %63: int = 42
          %64: double = convert.double %63
          %65: double = div %58, %64
          store $term, %65
          %68: int = 4
          store $k, %68
          %20: double = load $term
          return %20
        }
    "#]]
    .assert_eq(&show(&m, "unrolled"));
    for x in [0.7, -1.2] {
        check_reverse(&mut m, &mut info, f, vec![Value::F64(x)]);
    }
    let bwd = info.backward_of(f).unwrap();
    let text = show(&m, "s_bwd_unrolled");
    expect!["loops: 0, context: 0 bytes"].assert_eq(&format!(
        "loops: {}, context: {} bytes",
        text.matches("loop").count(),
        info.bwd_context_bytes[&bwd]
    ));
}

#[test]
fn taylor_series_sin_loop() {
    let (mut m, mut info, f64t) = setup();
    let f = taylor_sin(&mut m, &mut info, f64t, None);
    let u = taylor_sin(&mut m, &mut info, f64t, Some(2));
    for (x, n) in [(0.9, 9), (-0.4, 4), (1.2, 1), (0.3, 0)] {
        let args = vec![Value::F64(x), Value::I32(n)];
        check_reverse(&mut m, &mut info, f, args.clone());
        check_reverse(&mut m, &mut info, u, args);
    }
    // With enough terms, d/dx sin(x) = cos(x).
    let g = gradient(&m, &info, f, vec![Value::F64(0.9), Value::I32(10)]);
    assert_close(&g, &[0.9f64.cos()], 1e-6, "taylor d/dx");
    let gu = gradient(&m, &info, u, vec![Value::F64(0.9), Value::I32(10)]);
    assert_close(&gu, &[0.9f64.cos()], 1e-6, "unrolled d/dx");
    let bytes = |f: FuncId| info.bwd_context_bytes[&info.backward_of(f).unwrap()];
    // The unrolled inner loop keeps only the outer loop's state per iteration.
    expect!["plain 89, unrolled 463"].assert_eq(&format!(
        "plain {}, unrolled {}",
        bytes(f),
        bytes(u)
    ));
}

#[test]
fn nested_loops() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    // acc = 0; for i < n: { t = x * i; for j < k: acc = acc * 0.5 + sin(t + acc * j) }
    let f = func(&mut m, &mut info, "nest", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let k = b.param("k", i32t, ParamDir::In);
        let acc = b.local("acc", f64t);
        let i = b.local("i", i32t);
        let j = b.local("j", i32t);
        let zero = b.i32(0);
        let nv = b.load(Place::param(n));
        let kv = b.load(Place::param(k));
        for_loop(b, i, zero, nv, attrs(4), |b, iv| {
            let xv = b.load(Place::param(x));
            let fi = b.convert(iv, Scalar::F64);
            let t = b.mul(xv, fi);
            let zero = b.i32(0);
            for_loop(b, j, zero, kv, attrs(3), |b, jv| {
                let a = b.load(Place::local(acc));
                let half = f64lit(b, 0.5);
                let ah = b.mul(a, half);
                let fj = b.convert(jv, Scalar::F64);
                let aj = b.mul(a, fj);
                let arg = b.add(t, aj);
                let s = b.math(MathFn::Sin, &[arg]);
                let r = b.add(ah, s);
                b.store(Place::local(acc), r);
            });
        });
        let r = b.load(Place::local(acc));
        b.ret(Some(r));
    });
    for (n, k) in [(4, 3), (2, 3), (3, 0), (0, 2)] {
        check_reverse(
            &mut m,
            &mut info,
            f,
            vec![Value::F64(0.8), Value::I32(n), Value::I32(k)],
        );
    }
    let g = gradient(
        &m,
        &info,
        f,
        vec![Value::F64(0.8), Value::I32(4), Value::I32(3)],
    );
    expect!["-0.089064"].assert_eq(&rounded(&g));
    let bwd = info.backward_of(f).unwrap();
    let tapes: Vec<String> = m
        .function(bwd)
        .unwrap()
        .locals
        .iter()
        .filter(|l| l.name.starts_with("tape"))
        .map(|l| m.types.display(l.ty))
        .collect();
    // Inner-loop state is stored per (outer, inner) iteration.
    expect!["int[5], double[4][5], bool[5], bool"].assert_eq(&tapes.join(", "));
}

#[test]
fn break_continue_and_early_return_in_loops() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    // s = x; for i < n: { if i == 1 continue; s = s * x + sin(s); if s > lim break;
    //   if i == 5 return s * x; } return s * s;
    let f = func(&mut m, &mut info, "jumps", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let lim = b.param("lim", f64t, ParamDir::In);
        let s = b.local("s", f64t);
        let i = b.local("i", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(s), xv);
        let zero = b.i32(0);
        let nv = b.load(Place::param(n));
        for_loop(b, i, zero, nv, attrs(10), |b, iv| {
            let one = b.i32(1);
            let is1 = b.binary(BinaryOp::Eq, iv, one);
            b.if_(is1, |b| b.cont(), |_| {});
            let sv = b.load(Place::local(s));
            let xv = b.load(Place::param(x));
            let sx = b.mul(sv, xv);
            let ss = b.math(MathFn::Sin, &[sv]);
            let ns = b.add(sx, ss);
            b.store(Place::local(s), ns);
            let lv = b.load(Place::param(lim));
            let big = b.binary(BinaryOp::Gt, ns, lv);
            b.if_(big, |b| b.brk(), |_| {});
            let five = b.i32(5);
            let is5 = b.binary(BinaryOp::Eq, iv, five);
            b.if_(
                is5,
                |b| {
                    let r = b.mul(ns, xv);
                    b.ret(Some(r));
                },
                |_| {},
            );
        });
        let sv = b.load(Place::local(s));
        let r = b.mul(sv, sv);
        b.ret(Some(r));
    });
    // Runs to the end, breaks, returns early.
    for (x, n, lim) in [
        (0.5, 4, 100.0),
        (0.9, 9, 2.0),
        (0.3, 9, 100.0),
        (0.4, 0, 1.0),
    ] {
        let args = vec![Value::F64(x), Value::I32(n), Value::F64(lim)];
        check_reverse(&mut m, &mut info, f, args);
    }
}

#[test]
fn switch_with_fallthrough_and_break_in_a_loop() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    // for i < 4: switch (i) { case 0: s *= x; (falls) case 1: s += x; break;
    //   case 2: if (s > 10) break; s = sin(s); default: s = s * s; }
    let f = func(&mut m, &mut info, "sw", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let s = b.local("s", f64t);
        let i = b.local("i", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(s), xv);
        let zero = b.i32(0);
        let four = b.i32(4);
        for_loop(b, i, zero, four, attrs(4), |b, iv| {
            let c0 = b.block(|b| {
                let sv = b.load(Place::local(s));
                let r = b.mul(sv, xv);
                b.store(Place::local(s), r);
            });
            let c1 = b.block(|b| {
                let sv = b.load(Place::local(s));
                let r = b.add(sv, xv);
                b.store(Place::local(s), r);
                b.brk();
            });
            let c2 = b.block(|b| {
                let sv = b.load(Place::local(s));
                let ten = f64lit(b, 10.0);
                let big = b.binary(BinaryOp::Gt, sv, ten);
                b.if_(big, |b| b.brk(), |_| {});
                let r = b.math(MathFn::Sin, &[sv]);
                b.store(Place::local(s), r);
            });
            let cd = b.block(|b| {
                let sv = b.load(Place::local(s));
                let r = b.mul(sv, sv);
                b.store(Place::local(s), r);
            });
            let case = |values: Vec<i64>, body, fallthrough, is_default| SwitchCase {
                values,
                is_default,
                body,
                fallthrough,
            };
            b.switch(
                iv,
                vec![
                    case(vec![0], c0, true, false),
                    case(vec![1], c1, false, false),
                    case(vec![2], c2, false, false),
                    case(vec![], cd, false, true),
                ],
            );
        });
        let r = b.load(Place::local(s));
        b.ret(Some(r));
    });
    check_reverse(&mut m, &mut info, f, vec![Value::F64(0.7)]);
    check_reverse(&mut m, &mut info, f, vec![Value::F64(3.5)]);
}

fn particle(m: &mut Module, info: &mut DiffInfo) -> (TypeId, TypeId) {
    let f64t = m.types.scalar(Scalar::F64);
    let v3 = m.types.vector(Scalar::F64, 3);
    let i32t = m.types.i32();
    let p = m
        .types
        .add_struct("Particle", vec![("pos", v3), ("id", i32t), ("mass", f64t)]);
    info.derive_struct_differential(&mut m.types, p, &[]);
    (p, v3)
}

fn particle_value(pos: [f64; 3], id: i32, mass: f64) -> Value {
    Value::Composite(vec![f64s(&pos), Value::I32(id), Value::F64(mass)])
}

#[test]
fn inout_struct_fields() {
    let (mut m, mut info, f64t) = setup();
    let void = m.types.void();
    let (pt, _) = particle(&mut m, &mut info);
    // void step(inout Particle p, double dt) {
    //   p.pos = p.pos + p.pos * dt * p.mass; p.pos.y = sin(p.pos.x); p.mass = p.mass * dt; }
    let f = func(&mut m, &mut info, "step", void, |b| {
        let p = b.param("p", pt, ParamDir::InOut);
        let dt = b.param("dt", f64t, ParamDir::In);
        let pos = b.load(Place::param(p).field(0));
        let mass = b.load(Place::param(p).field(2));
        let dtv = b.load(Place::param(dt));
        let k = b.mul(dtv, mass);
        let v3 = b.value_ty(pos);
        let ks = b.splat(v3, k);
        let d = b.mul(pos, ks);
        let np = b.add(pos, d);
        b.store(Place::param(p).field(0), np);
        let px = b.load(Place::param(p).field(0).index(0));
        let s = b.math(MathFn::Sin, &[px]);
        b.store(Place::param(p).field(0).index(1), s);
        let nm = b.mul(mass, dtv);
        b.store(Place::param(p).field(2), nm);
        b.ret(None);
    });
    let g = check_reverse(
        &mut m,
        &mut info,
        f,
        vec![particle_value([0.5, -1.0, 2.0], 7, 1.5), Value::F64(0.25)],
    );
    assert_eq!(g.len(), 5, "pos (3), mass, dt");
}

#[test]
fn arrays_written_at_dynamic_indices_in_loops() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let void = m.types.void();
    let arr = m.types.array(f64t, 4);
    // void scan(double[4] xs, int start, out double[4] ys) {
    //   double acc = 0; for (i = start; i < 4; i++) { acc = acc * xs[i] + sin(xs[i]);
    //   ys[i] = acc; ys[(i + 1) % 4] += acc * xs[i]; } }
    let f = func(&mut m, &mut info, "scan", void, |b| {
        let pxs = b.param("xs", arr, ParamDir::In);
        let pstart = b.param("start", i32t, ParamDir::In);
        let pys = b.param("ys", arr, ParamDir::Out);
        let acc = b.local("acc", f64t);
        let i = b.local("i", i32t);
        let st = b.load(Place::param(pstart));
        let four = b.i32(4);
        for_loop(b, i, st, four, attrs(4), |b, iv| {
            let x = b.load(Place::param(pxs).dynamic(iv));
            let a = b.load(Place::local(acc));
            let ax = b.mul(a, x);
            let s = b.math(MathFn::Sin, &[x]);
            let n = b.add(ax, s);
            b.store(Place::local(acc), n);
            b.store(Place::param(pys).dynamic(iv), n);
            let one = b.i32(1);
            let i1 = b.add(iv, one);
            let four = b.i32(4);
            let k = b.binary(BinaryOp::Rem, i1, four);
            let old = b.load(Place::param(pys).dynamic(k));
            let nx = b.mul(n, x);
            let sum = b.add(old, nx);
            b.store(Place::param(pys).dynamic(k), sum);
        });
        b.ret(None);
    });
    let zeros = f64s(&[0.0; 4]);
    for start in [0, 1, 3] {
        let xs = f64s(&[0.5, 1.5, -0.5, 2.0]);
        check_reverse(
            &mut m,
            &mut info,
            f,
            vec![xs, Value::I32(start), zeros.clone()],
        );
    }
}

/// f1..f5: each calls the one below, with `inout` and `out` parameters along the way.
#[test]
fn call_chain_five_deep() {
    let (mut m, mut info, f64t) = setup();
    let void = m.types.void();
    let f1 = func(&mut m, &mut info, "f1", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let s = b.math(MathFn::Sin, &[xv]);
        let r = b.mul(s, xv);
        b.ret(Some(r));
    });
    let f2 = func(&mut m, &mut info, "f2", void, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let acc = b.param("acc", f64t, ParamDir::InOut);
        let xv = b.load(Place::param(x));
        let a = b.call(f1, vec![Arg::Value(xv)]);
        let old = b.load(Place::param(acc));
        let p = b.mul(old, a);
        let r = b.add(p, xv);
        b.store(Place::param(acc), r);
        b.ret(None);
    });
    let f3 = func(&mut m, &mut info, "f3", void, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let out = b.param("o", f64t, ParamDir::Out);
        let xv = b.load(Place::param(x));
        b.store(Place::param(out), xv);
        b.call(f2, vec![Arg::Value(xv), Arg::Place(Place::param(out))]);
        b.call(f2, vec![Arg::Value(xv), Arg::Place(Place::param(out))]);
        b.ret(None);
    });
    let f4 = func(&mut m, &mut info, "f4", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let y = b.param("y", f64t, ParamDir::In);
        let t = b.local("t", f64t);
        let xv = b.load(Place::param(x));
        let yv = b.load(Place::param(y));
        let xy = b.mul(xv, yv);
        b.call(f3, vec![Arg::Value(xy), Arg::Place(Place::local(t))]);
        let tv = b.load(Place::local(t));
        let e = b.math(MathFn::Exp, &[yv]);
        let r = b.add(tv, e);
        b.ret(Some(r));
    });
    let f5 = func(&mut m, &mut info, "f5", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let a = b.call(f4, vec![Arg::Value(xv), Arg::Value(xv)]);
        let c = f64lit(b, 0.3);
        let bb = b.call(f4, vec![Arg::Value(a), Arg::Value(c)]);
        b.ret(Some(bb));
    });
    check_reverse(&mut m, &mut info, f5, vec![Value::F64(0.4)]);
    let names: Vec<&str> = m
        .functions
        .iter()
        .map(|f| f.name.as_str())
        .filter(|n| n.starts_with("s_bwd"))
        .collect();
    expect!["s_bwd_f5, s_bwd_f4, s_bwd_f3, s_bwd_f2, s_bwd_f1"].assert_eq(&names.join(", "));
}

/// A loop calling `g(x) = exp(x) * x` whose result the backward pass needs.
fn policy_module(policy: &str) -> (Module, DiffInfo, FuncId) {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let g = func(&mut m, &mut info, "g", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let e = b.math(MathFn::Exp, &[xv]);
        let r = b.mul(e, xv);
        b.ret(Some(r));
    });
    match policy {
        "recompute" => info.prefer_recompute.insert(g),
        _ => info.prefer_checkpoint.insert(g),
    };
    let f = func(&mut m, &mut info, "h", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let s = b.local("s", f64t);
        let i = b.local("i", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(s), xv);
        let zero = b.i32(0);
        let three = b.i32(3);
        for_loop(b, i, zero, three, attrs(3), |b, _| {
            let sv = b.load(Place::local(s));
            let half = f64lit(b, 0.5);
            let a = b.mul(sv, half);
            let gv = b.call(g, vec![Arg::Value(a)]);
            let p = b.mul(gv, gv);
            b.store(Place::local(s), p);
        });
        let r = b.load(Place::local(s));
        b.ret(Some(r));
    });
    (m, info, f)
}

#[test]
fn prefer_recompute_and_prefer_checkpoint_give_the_same_gradients() {
    let (mut mr, mut ir_, fr) = policy_module("recompute");
    let (mut mc, mut ic, fc) = policy_module("checkpoint");
    check_reverse(&mut mr, &mut ir_, fr, vec![Value::F64(0.6)]);
    check_reverse(&mut mc, &mut ic, fc, vec![Value::F64(0.6)]);
    let gr = gradient(&mr, &ir_, fr, vec![Value::F64(0.6)]);
    let gc = gradient(&mc, &ic, fc, vec![Value::F64(0.6)]);
    assert_close(&gr, &gc, 1e-12, "policies");
    let (pctx, prop, ctx) = ic.bwd_split[&mc.find_function("g").unwrap()];
    expect![[r#"
        fn s_primal_ctx_g(x: double, out ctx: g_Context) -> double {
          local P_x: double
          local ret_flag: bool
          local retval: double
          local d_retval: double
          local adj2: double
          local adj1: double
          local adj0: double
          local pair: DiffPair_double
          local d_P_x: double
          %38: double = load $x
          store $P_x, %38
          %3: bool = false
          store $ret_flag, %3
          %0: double = load $P_x
          %1: double = exp %0
          %2: double = mul %1, %0
          store $retval, %2
          %4: bool = true
          store $ret_flag, %4
          store $ctx.v0, %0
          store $ctx.v1, %1
          %39: double = load $retval
          return %39
        }

        fn s_bwd_prop_g(inout x: DiffPair_double, dOut: double, ctx: g_Context) -> void {
          local P_x: double
          local ret_flag: bool
          local retval: double
          local d_retval: double
          local adj2: double
          local adj1: double
          local adj0: double
          local pair: DiffPair_double
          local d_P_x: double
          %36: double = load $x.p
          store $P_x, %36
          %38: double = load $ctx.v0
          %39: double = load $ctx.v1
          %31: double = zero
          store $adj0, %31
          %32: double = zero
          store $adj1, %32
          %33: double = zero
          store $adj2, %33
          %34: double = zero
          store $d_P_x, %34
          %35: double = load $dOut
          store $d_retval, %35
          %7: double = load $d_retval
          %8: double = zero
          store $d_retval, %8
          %9: double = load $adj2
          %10: double = add %9, %7
          store $adj2, %10
          %11: double = load $adj2
          %12: double = zero
          store $adj2, %12
          %13: double = mul %11, %38
          %14: double = load $adj1
          %15: double = add %14, %13
          store $adj1, %15
          %16: double = mul %11, %39
          %17: double = load $adj0
          %18: double = add %17, %16
          store $adj0, %18
          %19: double = load $adj1
          %20: double = zero
          store $adj1, %20
          %21: double = zero
          %22: DiffPair_double = construct %38, %21
          store $pair, %22
          %23: void = call __bwd_exp_double(inout $pair, %19)
          %24: double = load $pair.d
          %25: double = load $adj0
          %26: double = add %25, %24
          store $adj0, %26
          %27: double = load $adj0
          %28: double = zero
          store $adj0, %28
          %29: double = load $d_P_x
          %30: double = add %29, %27
          store $d_P_x, %30
          %37: double = load $d_P_x
          store $x.d, %37
          return
        }

        context g_Context: 16 bytes"#]]
    .assert_eq(&format!(
        "{}\n{}\ncontext {}: {} bytes",
        print_function(&mc, mc.function(pctx).unwrap()),
        print_function(&mc, mc.function(prop).unwrap()),
        mc.types.display(ctx),
        ic.bwd_context_bytes[&prop]
    ));
    let bytes = |info: &DiffInfo, f: FuncId| info.bwd_context_bytes[&info.backward_of(f).unwrap()];
    // Recompute stores only the call's input; checkpoint also stores its result.
    expect!["recompute 33, checkpoint 129"].assert_eq(&format!(
        "recompute {}, checkpoint {}",
        bytes(&ir_, fr),
        bytes(&ic, fc)
    ));
}

#[test]
fn custom_backward_derivative_is_called() {
    let (mut m, mut info, f64t) = setup();
    let void = m.types.void();
    // sq(x) = x * x with a custom backward derivative that (deliberately) gives 3 * x * dOut.
    let sq = func(&mut m, &mut info, "sq", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.mul(xv, xv);
        b.ret(Some(r));
    });
    let pair = info.pair_type(&mut m.types, f64t).unwrap();
    let mut b = FunctionBuilder::new(&mut m, "sq_bwd", void);
    let x = b.param("x", pair, ParamDir::InOut);
    let d = b.param("dOut", f64t, ParamDir::In);
    let xp = b.load(Place::param(x).field(0));
    let dv = b.load(Place::param(d));
    let three = b.literal(Literal::F64(3.0));
    let t = b.mul(three, xp);
    let r = b.mul(t, dv);
    b.store(Place::param(x).field(1), r);
    b.ret(None);
    let custom = b.finish().unwrap();
    info.custom_bwd.insert(sq, custom);
    let f = func(&mut m, &mut info, "user", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.call(sq, vec![Arg::Value(xv)]);
        b.ret(Some(r));
    });
    backward_derivative(&mut m, &mut info, f).unwrap();
    assert_eq!(verify(&m), Ok(()));
    let g = gradient(&m, &info, f, vec![Value::F64(2.0)]);
    expect!["6.000000"].assert_eq(&rounded(&g));
}

#[test]
fn errors_name_the_problem() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let f = func(&mut m, &mut info, "unbounded", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let i = b.local("i", i32t);
        let s = b.local("s", f64t);
        let zero = b.i32(0);
        let nv = b.load(Place::param(n));
        for_loop(b, i, zero, nv, attrs(3), |_, _| {});
        for_loop(b, i, zero, nv, LoopAttrs::default(), |b, _| {
            let xv = b.load(Place::param(x));
            b.store(Place::local(s), xv);
        });
        let r = b.load(Place::local(s));
        b.ret(Some(r));
    });
    let before = m.functions.len();
    let e = backward_derivative(&mut m, &mut info, f).unwrap_err();
    expect!["in unbounded: loop #2 needs [MaxIters(N)] or [ForceUnroll] with [MaxIters(N)] to be differentiated in reverse mode (its iteration count is not known)"]
        .assert_eq(&e.to_string());
    assert_eq!(m.functions.len(), before);
    let tan = func(&mut m, &mut info, "tan_user", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.math(MathFn::Tan, &[xv]);
        b.ret(Some(r));
    });
    let e = backward_derivative(&mut m, &mut info, tan).unwrap_err();
    expect!["in tan_user: no derivative registered for backward tan(double)"]
        .assert_eq(&e.to_string());
    let plain = FunctionBuilder::new(&mut m, "plain", f64t)
        .finish()
        .unwrap();
    let e = backward_derivative(&mut m, &mut info, plain).unwrap_err();
    assert!(matches!(e, DiffError::NotDifferentiable { .. }));
}

/// Reverse-mode output through codegen: local tape arrays, reverse loops, pair temporaries and
/// callee backward derivatives must lower to WGSL that naga validates.
#[test]
fn backward_derivatives_compile_to_valid_wgsl() {
    let mut m = Module::new();
    let mut info = DiffInfo::new();
    let f32t = m.types.f32();
    let i32t = m.types.i32();
    let void = m.types.void();
    stdlib(&mut m, &mut info, f32t);
    let pow = my_pow(&mut m, &mut info, f32t, Literal::F32(1.0));
    // Its context is stored by the caller: the paper's primal-context / propagation split.
    info.prefer_checkpoint.insert(pow);
    let arr = m.types.array(f32t, 4);
    // float kitchen(float x, int n) { float a[4]; float s = x;
    //   [MaxIters(4)] for (i < n) { if (i == 2) continue; a[i] = s * x;
    //     [MaxIters(2)] for (j < 2) s = s + sin(a[i]) * x;  if (s > 100) break; }
    //   return s + a[1] + myPow(x, n); }
    let k = func(&mut m, &mut info, "kitchen", f32t, |b| {
        let x = b.param("x", f32t, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let a = b.local("a", arr);
        let s = b.local("s", f32t);
        let i = b.local("i", i32t);
        let j = b.local("j", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(s), xv);
        let zero = b.i32(0);
        let nv = b.load(Place::param(n));
        for_loop(b, i, zero, nv, attrs(4), |b, iv| {
            let two = b.i32(2);
            let is2 = b.binary(BinaryOp::Eq, iv, two);
            b.if_(is2, |b| b.cont(), |_| {});
            let sv = b.load(Place::local(s));
            let sx = b.mul(sv, xv);
            b.store(Place::local(a).dynamic(iv), sx);
            let zero = b.i32(0);
            let two = b.i32(2);
            for_loop(b, j, zero, two, attrs(2), |b, _| {
                let ai = b.load(Place::local(a).dynamic(iv));
                let si = b.math(MathFn::Sin, &[ai]);
                let t = b.mul(si, xv);
                let sv = b.load(Place::local(s));
                let ns = b.add(sv, t);
                b.store(Place::local(s), ns);
            });
            let sv = b.load(Place::local(s));
            let hundred = b.f32(100.0);
            let big = b.binary(BinaryOp::Gt, sv, hundred);
            b.if_(big, |b| b.brk(), |_| {});
        });
        let sv = b.load(Place::local(s));
        let a1 = b.load(Place::local(a).index(1));
        let p = b.call(pow, vec![Arg::Value(xv), Arg::Value(nv)]);
        let r = b.add(sv, a1);
        let r = b.add(r, p);
        b.ret(Some(r));
    });
    let bwd = backward_derivative(&mut m, &mut info, k).unwrap_or_else(|e| panic!("{e}"));
    let buf = m.add_global(
        "buf",
        f32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let pair = info.pair_type(&mut m.types, f32t).unwrap();
    let uv3 = m.types.vector(Scalar::U32, 3);
    let mut b = FunctionBuilder::new(&mut m, "computeMain", void);
    let _tid = b.param("tid", uv3, ParamDir::In);
    let xp = b.local("xp", pair);
    let x = b.load(Place::global(buf).index(0));
    let z = b.f32(0.0);
    let pv = b.construct(pair, vec![x, z]);
    b.store(Place::local(xp), pv);
    let n = b.i32(3);
    let one = b.f32(1.0);
    b.call(
        bwd,
        vec![Arg::Place(Place::local(xp)), Arg::Value(n), Arg::Value(one)],
    );
    let d = b.load(Place::local(xp).field(1));
    b.store(Place::global(buf).index(1), d);
    b.ret(None);
    let main = b.finish().unwrap();
    m.add_entry_point(
        "computeMain",
        main,
        [1, 1, 1],
        vec![Builtin::DispatchThreadId],
    );
    assert_eq!(verify(&m), Ok(()));
    let (wgsl, reflection) = codegen::compile_wgsl(&m).unwrap_or_else(|e| panic!("{e}"));
    for name in ["fn s_bwd_kitchen(", "array<f32, 5>", "loop {"] {
        assert!(wgsl.contains(name), "{name} missing from\n{wgsl}");
    }
    // The context the IR reports is the size of the tape and context locals in the WGSL (naga's
    // layout: what `bench-gpu context` measures and what runs).
    let module = naga::front::wgsl::parse_str(&wgsl).unwrap();
    let s_bwd = module
        .functions
        .iter()
        .find(|(_, f)| f.name.as_deref() == Some("s_bwd_kitchen"))
        .map(|(_, f)| f)
        .unwrap();
    let mut wgsl_bytes = 0;
    let mut parts = Vec::new();
    for (_, local) in s_bwd.local_variables.iter() {
        let name = local.name.as_deref().unwrap_or("");
        // `ctx_arg` is the argument copy of a call, not context.
        let context = name.starts_with("tape")
            || name.starts_with("ctx_tape")
            || name
                .strip_prefix("ctx")
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        if context {
            let size = module.types[local.ty].inner.size(module.to_ctx());
            wgsl_bytes += size;
            parts.push(format!("{name} {size}"));
        }
    }
    expect!["ctx29_ 44, tape56_ 20, tape13_ 60, tape49_ 5, tape7_ 20, tape42_ 5, tape39_ 1"]
        .assert_eq(&parts.join(", "));
    assert_eq!(
        info.bwd_context_bytes[&bwd], wgsl_bytes,
        "IR and WGSL context"
    );
    // The same numbers as the interpreter's run of the entry point's computation.
    let g = gradient(&m, &info, k, vec![Value::F32(0.6), Value::I32(3)]);
    let fwd = forward_derivative(&mut m, &mut info, k).unwrap();
    let (r, _) = interp::call(
        &m,
        fwd,
        vec![
            Value::Composite(vec![Value::F32(0.6), Value::F32(1.0)]),
            Value::I32(3),
        ],
    )
    .unwrap();
    let Value::Composite(rd) = r else { panic!() };
    assert_close(&g, &[rd[1].as_f64().unwrap()], 1e-5, "f32 fwd vs bwd");
    if let Some(gpu) = gpu() {
        let b = &reflection.bindings[0];
        let mut job = gpu::ComputeJob::new(wgsl, "computeMain");
        job.dispatch = [1, 1, 1];
        job.bindings.push(gpu::Binding {
            group: b.group,
            binding: b.binding,
            name: b.name.clone(),
            kind: gpu::BindingKind::Storage { read_only: false },
            initial: gpu::words_to_bytes(&[0.6f32.to_bits(), 0]),
            readback: true,
        });
        let result = gpu.run_compute(&job).unwrap_or_else(|e| panic!("{e}"));
        let words = gpu::bytes_to_words(&result.buffers[0].1);
        let on_gpu = f32::from_bits(words[1]) as f64;
        assert_close(&[on_gpu], &g, 1e-4, "GPU vs interpreter");
    }
}

/// Lavapipe, or `None` (the GPU half of a test is skipped) unless `DSLANG_REQUIRE_GPU` is set.
fn gpu() -> Option<gpu::Gpu> {
    let dir = std::env::temp_dir().join(format!("dslang-autodiff-xdg-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_ok() {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
        // SAFETY: set before the first Vulkan start, by the only test that starts one.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    }
    let required =
        std::env::var_os("DSLANG_REQUIRE_GPU").is_some_and(|v| !v.is_empty() && v != "0");
    match gpu::Gpu::new(gpu::GpuOptions::default()) {
        Ok(g) => Some(g),
        Err(e @ gpu::GpuError::NoAdapter { .. }) if !required => {
            eprintln!("skipping GPU run: {e} (set DSLANG_REQUIRE_GPU=1 to make this a failure)");
            None
        }
        Err(e) => panic!("no GPU: {e}"),
    }
}

#[test]
fn trip_counts_of_counting_loops_are_inferred() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    // for (i = 0; i < 5; i++) s = s * x + 1;   then [ForceUnroll] for (j = 6; j > 3; j--) s = sin(s)
    let f = func(&mut m, &mut info, "counted", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let s = b.local("s", f64t);
        let i = b.local("i", i32t);
        let j = b.local("j", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(s), xv);
        let zero = b.i32(0);
        let five = b.i32(5);
        for_loop(b, i, zero, five, LoopAttrs::default(), |b, _| {
            let sv = b.load(Place::local(s));
            let sx = b.mul(sv, xv);
            let one = f64lit(b, 1.0);
            let r = b.add(sx, one);
            b.store(Place::local(s), r);
        });
        let six = b.i32(6);
        b.store(Place::local(j), six);
        let unroll = LoopAttrs {
            max_iters: None,
            force_unroll: true,
        };
        b.loop_(
            unroll,
            |b| {
                let jv = b.load(Place::local(j));
                let three = b.i32(3);
                let more = b.binary(BinaryOp::Gt, jv, three);
                b.if_(more, |_| {}, |b| b.brk());
                let sv = b.load(Place::local(s));
                let r = b.math(MathFn::Sin, &[sv]);
                b.store(Place::local(s), r);
            },
            |b| {
                let jv = b.load(Place::local(j));
                let one = b.i32(1);
                let n = b.sub(jv, one);
                b.store(Place::local(j), n);
                None
            },
        );
        let r = b.load(Place::local(s));
        b.ret(Some(r));
    });
    check_reverse(&mut m, &mut info, f, vec![Value::F64(0.45)]);
    let bwd = info.backward_of(f).unwrap();
    // Only the first loop keeps a tape: 5 iterations + 1.
    let tapes: Vec<String> = m
        .function(bwd)
        .unwrap()
        .locals
        .iter()
        .filter(|l| l.name.starts_with("tape"))
        .map(|l| m.types.display(l.ty))
        .collect();
    expect!["double, bool, double, bool, double, bool, double, bool, double[6], bool"]
        .assert_eq(&tapes.join(", "));
}

#[test]
fn backward_signature_follows_the_user_guide() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    // double f(double x, out double y, inout double z, int k, out int flag, no_diff double w)
    let f = func(&mut m, &mut info, "sig", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let y = b.param("y", f64t, ParamDir::Out);
        let z = b.param("z", f64t, ParamDir::InOut);
        let k = b.param("k", i32t, ParamDir::In);
        let flag = b.param("flag", i32t, ParamDir::Out);
        let w = b.param("w", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let zv = b.load(Place::param(z));
        let wv = b.load(Place::param(w));
        let kv = b.load(Place::param(k));
        let kf = b.convert(kv, Scalar::F64);
        let xz = b.mul(xv, zv);
        let xzw = b.mul(xz, wv);
        b.store(Place::param(y), xzw);
        let s = b.math(MathFn::Sin, &[zv]);
        let sk = b.mul(s, kf);
        b.store(Place::param(z), sk);
        b.store(Place::param(flag), kv);
        let r = b.add(xv, xzw);
        b.ret(Some(r));
    });
    info.no_diff_params.entry(f).or_default().insert(5);
    let args = vec![
        Value::F64(0.3),
        Value::F64(0.0),
        Value::F64(-0.8),
        Value::I32(3),
        Value::I32(0),
        Value::F64(1.7),
    ];
    check_reverse(&mut m, &mut info, f, args);
    let text = show(&m, "s_bwd_sig");
    expect!["fn s_bwd_sig(inout x: DiffPair_double, y: double, inout z: DiffPair_double, k: int, w: double, dOut: double) -> void {"]
        .assert_eq(text.lines().next().unwrap());
}

#[test]
fn no_diff_calls_stay_cut_in_unrolled_loops() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let g = func(&mut m, &mut info, "g", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.mul(xv, xv);
        b.ret(Some(r));
    });
    // [ForceUnroll] for (i = 0; i < 2; i++) s = s * x + no_diff g(s);
    let mut call = None;
    let f = func(&mut m, &mut info, "cut", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let s = b.local("s", f64t);
        let i = b.local("i", i32t);
        let xv = b.load(Place::param(x));
        b.store(Place::local(s), xv);
        let zero = b.i32(0);
        let two = b.i32(2);
        let unroll = LoopAttrs {
            max_iters: None,
            force_unroll: true,
        };
        for_loop(b, i, zero, two, unroll, |b, _| {
            let sv = b.load(Place::local(s));
            let sx = b.mul(sv, xv);
            let c = b.call(g, vec![Arg::Value(sv)]);
            call = Some(c);
            let r = b.add(sx, c);
            b.store(Place::local(s), r);
        });
        let r = b.load(Place::local(s));
        b.ret(Some(r));
    });
    info.no_diff_calls.insert((f, call.unwrap()));
    check_reverse_with(&mut m, &mut info, f, vec![Value::F64(0.7)], false);
    // s1 = x*x + x*x (value only), s2 = s1 * x + g(s1): ds2/dx = s1 + x * ds1/dx = 3 x^2 + ...
    // with the g terms cut: ds1/dx = 2x, ds2/dx = s1 + x * 2x.
    let x: f64 = 0.7;
    let s1 = x * x + x * x;
    let g_ = gradient(&m, &info, f, vec![Value::F64(x)]);
    assert_close(&g_, &[s1 + x * 2.0 * x], 1e-12, "cut gradient");
}

#[test]
fn backward_of_a_forward_derivative() {
    let (mut m, mut info, f64t) = setup();
    // double f(double x) { return sin(x) * x; }: bwd_diff(fwd_diff(f)) gives second derivatives.
    let f = func(&mut m, &mut info, "f", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let s = b.math(MathFn::Sin, &[xv]);
        let r = b.mul(s, xv);
        b.ret(Some(r));
    });
    let fwd = forward_derivative(&mut m, &mut info, f).unwrap();
    let pair = Value::Composite(vec![Value::F64(0.8), Value::F64(1.0)]);
    let g = check_reverse(&mut m, &mut info, fwd, vec![pair]);
    // With the pair's derivative direction (1, 0) and output direction (0, 1):
    // d/dx of f'(x) = 2 cos x - x sin x.
    let bwd = info.backward_of(fwd).unwrap();
    let x: f64 = 0.8;
    let z = Value::Composite(vec![Value::F64(0.0), Value::F64(0.0)]);
    let p = Value::Composite(vec![
        Value::Composite(vec![Value::F64(x), Value::F64(1.0)]),
        z,
    ]);
    let d_out = Value::Composite(vec![Value::F64(0.0), Value::F64(1.0)]);
    let (_, outs) = interp::call(&m, bwd, vec![p, d_out]).unwrap();
    let Value::Composite(pd) = &outs[0] else {
        panic!()
    };
    let second = floats(&pd[1])[0];
    assert_close(
        &[second],
        &[2.0 * x.cos() - x * x.sin()],
        1e-12,
        "second derivative",
    );
    assert_eq!(g.len(), 2);
}

#[test]
fn vectors_matrices_and_structural_instructions() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let m23 = m.types.matrix(Scalar::F64, 2, 3);
    let m22 = m.types.matrix(Scalar::F64, 2, 2);
    let v3 = m.types.vector(Scalar::F64, 3);
    let v2 = m.types.vector(Scalar::F64, 2);
    let f = func(&mut m, &mut info, "shapes", m22, |b| {
        let pa = b.param("a", v3, ParamDir::In);
        let pm = b.param("M", m23, ParamDir::In);
        let ps = b.param("s", f64t, ParamDir::In);
        let pk = b.param("k", i32t, ParamDir::In);
        let a = b.load(Place::param(pa));
        let mm = b.load(Place::param(pm));
        let s = b.load(Place::param(ps));
        let k = b.load(Place::param(pk));
        let v = b.math(MathFn::Mul, &[mm, a]); // double2
        let w = b.math(MathFn::Mul, &[v, mm]); // double3
        let c = b.math(MathFn::Cross, &[a, w]);
        let d = b.math(MathFn::Dot, &[c, a]);
        let zx = b.swizzle(a, &[2, 0]);
        let t = b.math(MathFn::Transpose, &[mm]); // 3x2
        let u = b.math(MathFn::Mul, &[t, zx]); // double3
        let zero = f64lit(b, 0.0);
        let pos = b.binary(BinaryOp::Gt, d, zero);
        let ns = b.unary(UnaryOp::Neg, s);
        let sel = b.select(pos, s, ns);
        let vec = b.construct(v3, vec![zx, sel]);
        let ins = b.insert(vec, 1, d);
        let e = b.extract_dyn(ins, k);
        let r = b.binary(BinaryOp::Rem, d, s);
        let madd = b.math(MathFn::Mad, &[s, r, e]);
        let sp = b.splat(v3, madd);
        let uu = b.mul(u, sp);
        let q = b.div(uu, a);
        let mt = b.math(MathFn::Mul, &[mm, t]); // 2x2
        let ss = b.math(MathFn::Mul, &[s, mt]); // scalar * matrix
        let row0 = b.swizzle(q, &[0, 1]);
        let row1 = b.construct(v2, vec![sel, e]);
        let qm = b.construct(m22, vec![row0, row1]);
        let sum = b.add(ss, qm);
        let sv = b.math(MathFn::Mul, &[zx, s]); // vector * scalar
        let r2 = b.insert_dyn(sv, k, madd);
        let out = b.insert(sum, 1, r2);
        b.ret(Some(out));
    });
    let a = f64s(&[0.4, 0.9, -1.6]);
    let mm = Value::Composite(vec![f64s(&[1.0, 0.5, -0.3]), f64s(&[0.2, -1.1, 0.7])]);
    for (s, k) in [(0.7, 0), (-1.3, 1)] {
        let args = vec![a.clone(), mm.clone(), Value::F64(s), Value::I32(k)];
        check_reverse(&mut m, &mut info, f, args);
    }
}

/// Random programs over two parameters and three locals (arithmetic, `sin`, branches, loops
/// with `break`/`continue`/`return`): every one passes the reverse-mode checks.
#[test]
fn random_programs() {
    struct Gen {
        rng: Rng,
        locals: Vec<LocalId>,
        counters: Vec<LocalId>,
        f64t: TypeId,
        n: u32,
    }
    impl Gen {
        fn pick(&mut self, k: usize) -> usize {
            (((self.rng.next() + 1.0) / 2.0 * k as f64) as usize).min(k - 1)
        }
        fn operand(&mut self, b: &mut FunctionBuilder) -> ValueId {
            let i = self.pick(self.locals.len() + 1);
            if i == self.locals.len() {
                let x = (self.rng.next() * 2.0 * 100.0).round() / 100.0;
                b.literal(Literal::F64(x))
            } else {
                b.load(Place::local(self.locals[i]))
            }
        }
        fn stmts(&mut self, b: &mut FunctionBuilder, depth: u32, in_loop: bool) {
            let count = 1 + self.pick(3);
            for _ in 0..count {
                self.stmt(b, depth, in_loop);
            }
        }
        fn stmt(&mut self, b: &mut FunctionBuilder, depth: u32, in_loop: bool) {
            let kind = if depth >= 2 {
                self.pick(4)
            } else {
                self.pick(8)
            };
            match kind {
                0..=3 => {
                    let j = self.pick(self.locals.len());
                    let dst = self.locals[j];
                    let a = self.operand(b);
                    let c = self.operand(b);
                    let r = match kind {
                        0 => b.add(a, c),
                        1 => b.mul(a, c),
                        2 => {
                            let s = b.math(MathFn::Sin, &[a]);
                            b.sub(s, c)
                        }
                        _ => {
                            let cc = b.mul(c, c);
                            let one = b.literal(Literal::F64(1.0));
                            let den = b.add(one, cc);
                            b.div(a, den)
                        }
                    };
                    b.store(Place::local(dst), r);
                }
                4 | 5 => {
                    let a = self.operand(b);
                    let c = self.operand(b);
                    let cond = b.binary(BinaryOp::Gt, a, c);
                    let then_block = b.block(|b| self.stmts(b, depth + 1, in_loop));
                    let else_block = b.block(|b| {
                        if in_loop && self.pick(2) == 0 {
                            if self.pick(2) == 0 { b.brk() } else { b.cont() }
                        } else if self.pick(4) == 0 {
                            let r = self.operand(b);
                            b.ret(Some(r));
                        } else {
                            self.stmts(b, depth + 1, in_loop)
                        }
                    });
                    b.push_stmt(Stmt::If {
                        cond,
                        then_block,
                        else_block,
                    });
                }
                _ => {
                    let i32t = b.types().i32();
                    let i = b.local(&format!("k{}", self.counters.len()), i32t);
                    self.counters.push(i);
                    let zero = b.i32(0);
                    let n = b.load(Place::param(2));
                    let max = self.n;
                    for_loop(b, i, zero, n, attrs(max), |b, _| {
                        self.stmts(b, depth + 1, true)
                    });
                }
            }
        }
    }
    for seed in 1..=200u64 {
        let (mut m, mut info, f64t) = setup();
        let i32t = m.types.i32();
        let mut g = Gen {
            rng: Rng::new(seed),
            locals: Vec::new(),
            counters: Vec::new(),
            f64t,
            n: 3,
        };
        let f = func(&mut m, &mut info, &format!("rand{seed}"), f64t, |b| {
            b.param("x", f64t, ParamDir::In);
            b.param("y", f64t, ParamDir::In);
            b.param("n", i32t, ParamDir::In);
            for (k, p) in ["a", "b", "c"].iter().enumerate() {
                let l = b.local(p, g.f64t);
                let v = b.load(Place::param((k % 2) as u32));
                b.store(Place::local(l), v);
                g.locals.push(l);
            }
            g.stmts(b, 0, false);
            let a = b.load(Place::local(g.locals[0]));
            let c = b.load(Place::local(g.locals[2]));
            let r = b.add(a, c);
            b.ret(Some(r));
        });
        for n in [0, 2, 3] {
            let args = vec![Value::F64(0.3), Value::F64(-0.45), Value::I32(n)];
            check_reverse(&mut m, &mut info, f, args);
        }
    }
}
