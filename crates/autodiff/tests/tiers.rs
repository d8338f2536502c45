//! Tiered tapes (`autodiff::TapeTiers`): a backward derivative whose loop tapes are large is a
//! dispatcher trying copies with small tapes first; what runs must be the full function's
//! gradient, bit for bit, at every trip count.

mod support;

use autodiff::{DiffInfo, TapeTiers, backward_derivative, context_size, forward_derivative};
use expect_test::expect;
use interp::Value;
use ir::*;
use support::*;

fn attrs(max_iters: u32) -> LoopAttrs {
    LoopAttrs {
        max_iters: Some(max_iters),
        force_unroll: false,
    }
}

/// `for (i = start; i < end; i++) body(i)`.
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

fn setup(tiers: TapeTiers) -> (Module, DiffInfo, TypeId) {
    let mut m = Module::new();
    let mut info = DiffInfo::new();
    info.tape_tiers = tiers;
    let f64t = m.types.scalar(Scalar::F64);
    stdlib(&mut m, &mut info, f64t);
    (m, info, f64t)
}

/// `double myPow(double x, int n) { double r = 1; [MaxIters(max)] for (i < n) r *= x; return
/// r; }`: `r` is stored once per iteration.
fn my_pow(m: &mut Module, info: &mut DiffInfo, ty: TypeId, max: u32) -> FuncId {
    let i32t = m.types.i32();
    func(m, info, "myPow", ty, |b| {
        let x = b.param("x", ty, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let result = b.local("result", ty);
        let i = b.local("i", i32t);
        let one = f64lit(b, 1.0);
        b.store(Place::local(result), one);
        let zero = b.i32(0);
        let nv = b.load(Place::param(n));
        for_loop(b, i, zero, nv, attrs(max), |b, _| {
            let r = b.load(Place::local(result));
            let xv = b.load(Place::param(x));
            let p = b.mul(r, xv);
            b.store(Place::local(result), p);
        });
        let r = b.load(Place::local(result));
        b.ret(Some(r));
    })
}

/// `bwd_diff(f)(x, n, 1)`: `x`'s derivative.
fn bwd_at(m: &Module, bwd: FuncId, x: f64, n: i32) -> f64 {
    let pair = Value::Composite(vec![Value::F64(x), Value::F64(0.0)]);
    let (_, outs) = interp::call(m, bwd, vec![pair, Value::I32(n), Value::F64(1.0)])
        .unwrap_or_else(|e| panic!("{e}"));
    let Value::Composite(pd) = &outs[0] else {
        panic!("backward output is not a pair")
    };
    pd[1].as_f64().unwrap()
}

fn names(m: &Module) -> Vec<String> {
    m.functions
        .iter()
        .map(|f| f.name.clone())
        .filter(|n| n.starts_with("s_bwd_"))
        .collect()
}

fn show(m: &Module, name: &str) -> String {
    let f = m.find_function(name).unwrap();
    print_function(m, m.function(f).unwrap())
}

#[test]
fn small_loop_tape_is_split_into_a_dispatcher_a_tier_and_the_full_function() {
    let (mut m, mut info, f64t) = setup(TapeTiers::new([16]));
    let f = my_pow(&mut m, &mut info, f64t, 40);
    let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(verify(&m), Ok(()));
    expect![[r#"
        fn s_bwd_myPow(inout x: DiffPair_double, n: int, dOut: double) -> void {
          %0: int = load $n
          %1: double = load $dOut
          %3: bool = call s_bwd_myPow_tier16(inout $x, %0, %1)
          %4: bool = not %3
          if %4 {
            %2: void = call s_bwd_myPow_full(inout $x, %0, %1)
          }
          return
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_myPow"));
    expect![[r#"
        fn s_bwd_myPow_tier16(inout x: DiffPair_double, n: int, dOut: double) -> bool {
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
          local tape5: double[17]
          local adj6: double
          local d_P_x: double
          local tape18: bool
          %81: double = load $x.p
          store $P_x, %81
          %82: int = load $n
          store $P_n, %82
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
          loop [MaxIters(16)] {
            %15: bool = load $brk1
            %16: bool = not %15
            if %16 {
              %84: int = load $iter1
              %85: int = 16
              %86: bool = gt %84, %85
              if %86 {
                %87: bool = false
                return %87
              }
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
                %80: int = load $iter1
                store $tape5[%80], %5
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
          %73: double = zero
          store $adj5, %73
          %74: double = zero
          store $adj6, %74
          %75: double = zero
          store $adj7, %75
          %76: double = zero
          store $adj11, %76
          %77: double = zero
          store $d_result, %77
          %78: double = zero
          store $d_P_x, %78
          %79: double = load $dOut
          store $d_retval, %79
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
          loop [MaxIters(41)] {
            %38: int = load $rev16
            %39: int = 0
            %40: bool = gt %38, %39
            if %40 {
              %41: int = 1
              %42: int = sub %38, %41
              store $rev16, %42
              %65: bool = load $tape18
              %66: int = 1
              %67: int = sub %25, %66
              %68: bool = eq %42, %67
              %69: bool = and %68, %65
              %70: bool = not %69
              if %70 {
                %43: double = load $d_result
                %44: double = zero
                store $d_result, %44
                %45: double = load $adj7
                %46: double = add %45, %43
                store $adj7, %46
                %47: double = load $adj7
                %48: double = zero
                store $adj7, %48
                %49: double = load $P_x
                %50: double = mul %47, %49
                %51: double = load $adj5
                %52: double = add %51, %50
                store $adj5, %52
                %53: double = load $tape5[%42]
                %54: double = mul %47, %53
                %55: double = load $adj6
                %56: double = add %55, %54
                store $adj6, %56
                %57: double = load $adj6
                %58: double = zero
                store $adj6, %58
                %59: double = load $d_P_x
                %60: double = add %59, %57
                store $d_P_x, %60
                %61: double = load $adj5
                %62: double = zero
                store $adj5, %62
                %63: double = load $d_result
                %64: double = add %63, %61
                store $d_result, %64
              }
            } else {
              break
            }
          }
          %71: double = load $d_result
          %72: double = zero
          store $d_result, %72
          %83: double = load $d_P_x
          store $x.d, %83
          %88: bool = true
          return %88
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_myPow_tier16"));
    expect![[r#"
        fn s_bwd_myPow_full(inout x: DiffPair_double, n: int, dOut: double) -> void {
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
          local tape5: double[41]
          local adj6: double
          local d_P_x: double
          local tape18: bool
          %81: double = load $x.p
          store $P_x, %81
          %82: int = load $n
          store $P_n, %82
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
          loop [MaxIters(40)] {
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
                %80: int = load $iter1
                store $tape5[%80], %5
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
          %73: double = zero
          store $adj5, %73
          %74: double = zero
          store $adj6, %74
          %75: double = zero
          store $adj7, %75
          %76: double = zero
          store $adj11, %76
          %77: double = zero
          store $d_result, %77
          %78: double = zero
          store $d_P_x, %78
          %79: double = load $dOut
          store $d_retval, %79
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
          loop [MaxIters(41)] {
            %38: int = load $rev16
            %39: int = 0
            %40: bool = gt %38, %39
            if %40 {
              %41: int = 1
              %42: int = sub %38, %41
              store $rev16, %42
              %65: bool = load $tape18
              %66: int = 1
              %67: int = sub %25, %66
              %68: bool = eq %42, %67
              %69: bool = and %68, %65
              %70: bool = not %69
              if %70 {
                %43: double = load $d_result
                %44: double = zero
                store $d_result, %44
                %45: double = load $adj7
                %46: double = add %45, %43
                store $adj7, %46
                %47: double = load $adj7
                %48: double = zero
                store $adj7, %48
                %49: double = load $P_x
                %50: double = mul %47, %49
                %51: double = load $adj5
                %52: double = add %51, %50
                store $adj5, %52
                %53: double = load $tape5[%42]
                %54: double = mul %47, %53
                %55: double = load $adj6
                %56: double = add %55, %54
                store $adj6, %56
                %57: double = load $adj6
                %58: double = zero
                store $adj6, %58
                %59: double = load $d_P_x
                %60: double = add %59, %57
                store $d_P_x, %60
                %61: double = load $adj5
                %62: double = zero
                store $adj5, %62
                %63: double = load $d_result
                %64: double = add %63, %61
                store $d_result, %64
              }
            } else {
              break
            }
          }
          %71: double = load $d_result
          %72: double = zero
          store $d_result, %72
          %83: double = load $d_P_x
          store $x.d, %83
          return
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_myPow_full"));
    // The context is the full function's tape (41 doubles and the exit flag), not the sum of the copies.
    assert_eq!(info.bwd_context_bytes[&bwd], 41 * 8 + 1);
    assert_eq!(context_size(&m, &info, bwd), 41 * 8 + 1);
}

#[test]
fn every_trip_count_gets_the_full_functions_gradient() {
    let x = 1.003;
    let counts = [0, 1, 3, 15, 16, 17, 40, 63, 64, 65, 100, 127, 128];
    let run = |tiers: TapeTiers| {
        let (mut m, mut info, f64t) = setup(tiers);
        let f = my_pow(&mut m, &mut info, f64t, 128);
        let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(verify(&m), Ok(()));
        let grads: Vec<f64> = counts.iter().map(|&n| bwd_at(&m, bwd, x, n)).collect();
        (names(&m), grads, context_size(&m, &info, bwd))
    };
    let (tiered_names, tiered, tiered_context) = run(TapeTiers::default());
    let (plain_names, plain, plain_context) = run(TapeTiers::none());
    expect![[r#"
        [
            "s_bwd_myPow",
            "s_bwd_myPow_tier16",
            "s_bwd_myPow_tier64",
            "s_bwd_myPow_full",
        ]
    "#]]
    .assert_debug_eq(&tiered_names);
    assert_eq!(plain_names, ["s_bwd_myPow"]);
    assert_eq!(tiered, plain, "tiers changed a gradient");
    let want: Vec<f64> = counts
        .iter()
        .map(|&n| {
            if n == 0 {
                0.0
            } else {
                f64::from(n) * x.powi(n - 1)
            }
        })
        .collect();
    assert_close(&tiered, &want, 1e-12, "d/dx x^n");
    assert_eq!(tiered_context, plain_context);
    assert_eq!(tiered_context, 129 * 8 + 1);
}

#[test]
fn nested_loops_and_stored_callee_contexts_are_bounded_per_level() {
    // double outer(double x, int n, int k) { double s = 0;
    //   [MaxIters(3)] for (j < k) [MaxIters(48)] for (i < n) s = s * x + myPow(x, j);
    //   return s; }   with myPow ([MaxIters(4)]) [PreferCheckpoint]: its context is stored per
    //   inner iteration, in a tape bounded like the others.
    let run = |tiers: TapeTiers| {
        let (mut m, mut info, f64t) = setup(tiers);
        let i32t = m.types.i32();
        let pow = my_pow(&mut m, &mut info, f64t, 4);
        info.prefer_checkpoint.insert(pow);
        let f = func(&mut m, &mut info, "outer", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let n = b.param("n", i32t, ParamDir::In);
            let k = b.param("k", i32t, ParamDir::In);
            let s = b.local("s", f64t);
            let i = b.local("i", i32t);
            let j = b.local("j", i32t);
            let z = f64lit(b, 0.0);
            b.store(Place::local(s), z);
            let zero = b.i32(0);
            let kv = b.load(Place::param(k));
            let nv = b.load(Place::param(n));
            let xv = b.load(Place::param(x));
            for_loop(b, j, zero, kv, attrs(3), |b, jv| {
                let zero = b.i32(0);
                for_loop(b, i, zero, nv, attrs(48), |b, _| {
                    let sv = b.load(Place::local(s));
                    let sx = b.mul(sv, xv);
                    let p = b.call(pow, vec![Arg::Value(xv), Arg::Value(jv)]);
                    let ns = b.add(sx, p);
                    b.store(Place::local(s), ns);
                });
            });
            let sv = b.load(Place::local(s));
            b.ret(Some(sv));
        });
        let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(verify(&m), Ok(()));
        let mut grads = Vec::new();
        for (n, k) in [(0, 3), (5, 2), (16, 3), (17, 1), (30, 3), (48, 3)] {
            let pair = Value::Composite(vec![Value::F64(0.97), Value::F64(0.0)]);
            let args = vec![pair, Value::I32(n), Value::I32(k), Value::F64(1.0)];
            let (_, outs) = interp::call(&m, bwd, args).unwrap_or_else(|e| panic!("{e}"));
            let Value::Composite(pd) = &outs[0] else {
                panic!("backward output is not a pair")
            };
            grads.push(pd[1].as_f64().unwrap());
        }
        let tapes: Vec<String> = m
            .functions
            .iter()
            .filter(|g| g.name.starts_with("s_bwd_outer"))
            .map(|g| {
                let locals: Vec<String> = g
                    .locals
                    .iter()
                    .filter(|l| l.name.starts_with("tape") || l.name.starts_with("ctx_tape"))
                    .map(|l| format!("{}: {}", l.name, m.types.display(l.ty)))
                    .collect();
                format!("{}: {}", g.name, locals.join(", "))
            })
            .collect();
        (grads, tapes, context_size(&m, &info, bwd))
    };
    let (tiered, tapes, tiered_context) = run(TapeTiers::default());
    let (plain, _, plain_context) = run(TapeTiers::none());
    assert_eq!(tiered, plain, "tiers changed a gradient");
    assert_eq!(tiered_context, plain_context);
    expect![[r#"
        [
            "s_bwd_outer: ",
            "s_bwd_outer_tier16: tape41: int[4], ctx_tape12: myPow_Context[17][4], tape10: double[17][4], tape34: bool[4], tape27: bool",
            "s_bwd_outer_full: tape41: int[4], ctx_tape12: myPow_Context[49][4], tape10: double[49][4], tape34: bool[4], tape27: bool",
        ]
    "#]].assert_debug_eq(&tapes);
}

#[test]
fn what_is_not_tiered() {
    let i32t_of = |m: &mut Module| m.types.i32();
    // A primal region that writes a buffer: giving up and starting again would write it twice.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let i32t = i32t_of(&mut m);
        let buf = m.add_global(
            "buf",
            f64t,
            GlobalKind::StorageBuffer {
                access: BufferAccess::ReadWrite,
            },
        );
        let f = func(&mut m, &mut info, "logged", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let n = b.param("n", i32t, ParamDir::In);
            let r = b.local("r", f64t);
            let i = b.local("i", i32t);
            let one = f64lit(b, 1.0);
            b.store(Place::local(r), one);
            let zero = b.i32(0);
            let nv = b.load(Place::param(n));
            for_loop(b, i, zero, nv, attrs(128), |b, iv| {
                let rv = b.load(Place::local(r));
                let xv = b.load(Place::param(x));
                let p = b.mul(rv, xv);
                b.store(Place::local(r), p);
                b.store(Place::global(buf).dynamic(iv), p);
            });
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names(&m), ["s_bwd_logged"], "buffer store");
    }
    // A callee of the primal region that writes a buffer, through an `inout` local.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let i32t = i32t_of(&mut m);
        let void = m.types.void();
        let buf = m.add_global(
            "buf",
            f64t,
            GlobalKind::StorageBuffer {
                access: BufferAccess::ReadWrite,
            },
        );
        let log = func(&mut m, &mut info, "log_value", void, |b| {
            let v = b.param("v", f64t, ParamDir::InOut);
            let vv = b.load(Place::param(v));
            b.store(Place::global(buf).index(0), vv);
            b.ret(None);
        });
        info.differentiable.remove(&log);
        let f = func(&mut m, &mut info, "logged_by_callee", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let n = b.param("n", i32t, ParamDir::In);
            let r = b.local("r", f64t);
            let i = b.local("i", i32t);
            let one = f64lit(b, 1.0);
            b.store(Place::local(r), one);
            let zero = b.i32(0);
            let nv = b.load(Place::param(n));
            for_loop(b, i, zero, nv, attrs(128), |b, _| {
                let rv = b.load(Place::local(r));
                let xv = b.load(Place::param(x));
                let p = b.mul(rv, xv);
                b.store(Place::local(r), p);
                b.call(log, vec![Arg::Place(Place::local(r))]);
            });
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            names(&m),
            ["s_bwd_logged_by_callee"],
            "callee's buffer store"
        );
    }
    // A barrier: an early return would make it non-uniform.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let i32t = i32t_of(&mut m);
        let f = func(&mut m, &mut info, "synced", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let n = b.param("n", i32t, ParamDir::In);
            let r = b.local("r", f64t);
            let i = b.local("i", i32t);
            let one = f64lit(b, 1.0);
            b.store(Place::local(r), one);
            b.barrier(BarrierKind::Group);
            let zero = b.i32(0);
            let nv = b.load(Place::param(n));
            for_loop(b, i, zero, nv, attrs(128), |b, _| {
                let rv = b.load(Place::local(r));
                let xv = b.load(Place::param(x));
                let p = b.mul(rv, xv);
                b.store(Place::local(r), p);
            });
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names(&m), ["s_bwd_synced"], "barrier");
    }
    // A loop that always runs 100 iterations would give up in every tier below 100.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let i32t = i32t_of(&mut m);
        let f = func(&mut m, &mut info, "pow100", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let r = b.local("r", f64t);
            let i = b.local("i", i32t);
            let one = f64lit(b, 1.0);
            b.store(Place::local(r), one);
            let zero = b.i32(0);
            let hundred = b.i32(100);
            for_loop(b, i, zero, hundred, attrs(128), |b, _| {
                let rv = b.load(Place::local(r));
                let xv = b.load(Place::param(x));
                let p = b.mul(rv, xv);
                b.store(Place::local(r), p);
            });
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names(&m), ["s_bwd_pow100"], "fixed trip count");
    }
    // Tapes too small to gain from a tier: MaxIters(20) keeps 21 doubles, tier 16 would keep 17.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let f = my_pow(&mut m, &mut info, f64t, 20);
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names(&m), ["s_bwd_myPow"], "small tape");
    }
    // Only tiers below MaxIters apply: MaxIters(64) gets tier 16, not 64.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let f = my_pow(&mut m, &mut info, f64t, 64);
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            names(&m),
            ["s_bwd_myPow", "s_bwd_myPow_tier16", "s_bwd_myPow_full"],
            "MaxIters(64)"
        );
    }
}

#[test]
fn derivatives_of_a_tiered_derivative_are_made_from_the_full_function() {
    let (mut m, mut info, f64t) = setup(TapeTiers::default());
    let f = my_pow(&mut m, &mut info, f64t, 128);
    let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
    info.differentiable.insert(bwd);
    let fwd_of_bwd = forward_derivative(&mut m, &mut info, bwd).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(verify(&m), Ok(()));
    // Forward mode of the dispatcher is made from the full function: no calls to the tiers.
    let calls: Vec<String> = m
        .function(fwd_of_bwd)
        .unwrap()
        .values
        .iter()
        .filter_map(|v| match &v.inst {
            Inst::Call(g, _) => Some(m.function(*g).unwrap().name.clone()),
            _ => None,
        })
        .collect();
    assert!(calls.iter().all(|c| !c.contains("_tier")), "{calls:?}");
    // d/dx of (d/dx x^n) = n (n - 1) x^(n-2), through forward mode of the backward derivative.
    let (x, n) = (1.01f64, 70);
    let pair = |p: f64, d: f64| Value::Composite(vec![Value::F64(p), Value::F64(d)]);
    let args = vec![
        // x = {p: {x, 0}, d: {1, 0}}: the direction perturbs `x.p`.
        Value::Composite(vec![pair(x, 0.0), pair(1.0, 0.0)]),
        Value::I32(n),
        pair(1.0, 0.0),
    ];
    let (_, outs) = interp::call(&m, fwd_of_bwd, args).unwrap_or_else(|e| panic!("{e}"));
    let Value::Composite(outer) = &outs[0] else {
        panic!("not a pair")
    };
    let Value::Composite(d_pair) = &outer[1] else {
        panic!("not a pair")
    };
    let second = d_pair[1].as_f64().unwrap();
    let nf = f64::from(n);
    assert_close(
        &[second],
        &[nf * (nf - 1.0) * x.powi(n - 2)],
        1e-9,
        "second derivative",
    );
}

#[test]
fn tape_tiers_parse() {
    let parse = |s: &str| s.parse::<TapeTiers>().map(|t| t.to_string());
    expect![[r#"
        [
            Ok(
                "16,64",
            ),
            Ok(
                "none",
            ),
            Ok(
                "8,16,32",
            ),
            Err(
                "`0` is not a tape capacity (a positive number of loop iterations; `none` turns tiers off)",
            ),
            Err(
                "`x` is not a tape capacity (a positive number of loop iterations; `none` turns tiers off)",
            ),
        ]
    "#]]
    .assert_debug_eq(&[
        parse("16,64"),
        parse("none"),
        parse(" 32, 8,16,16"),
        parse("0"),
        parse("16,x"),
    ]);
    assert_eq!(
        TapeTiers::default().capacities(),
        autodiff::DEFAULT_TAPE_TIERS
    );
}
