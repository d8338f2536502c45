mod support;

use autodiff::{DiffError, DiffInfo, forward_derivative};
use expect_test::{Expect, expect};
use interp::Value;
use ir::*;
use support::*;

fn setup() -> (Module, DiffInfo, TypeId) {
    let mut m = Module::new();
    let mut info = DiffInfo::new();
    let f64t = m.types.scalar(Scalar::F64);
    stdlib_fwd(&mut m, &mut info, f64t);
    (m, info, f64t)
}

/// Prints the derivative functions made for `f` (everything after the first `skip` functions).
fn check_transcript(m: &Module, skip: usize, expect: Expect) {
    assert_eq!(verify(m), Ok(()));
    let text: String = m.functions[skip..]
        .iter()
        .filter(|f| f.name.starts_with("s_fwd_"))
        .map(|f| print_function(m, f))
        .collect::<Vec<_>>()
        .join("\n");
    expect.assert_eq(&text);
}

#[test]
fn transcript_of_product_and_sin() {
    let (mut m, mut info, f64t) = setup();
    let n = m.functions.len();
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
    forward_derivative(&mut m, &mut info, f).unwrap();
    check_transcript(
        &m,
        n,
        expect![[r#"
            fn s_fwd_f(x: DiffPair_double, y: DiffPair_double) -> DiffPair_double {
              %0: double = load $x.p
              %1: double = load $x.d
              %2: double = load $y.p
              %3: double = load $y.d
              %4: double = mul %0, %2
              %5: double = mul %1, %2
              %6: double = mul %0, %3
              %7: double = add %5, %6
              %8: DiffPair_double = construct %0, %1
              %9: DiffPair_double = call __d_sin_double(%8)
              %10: double = extract %9, 0
              %11: double = extract %9, 1
              %12: double = add %4, %10
              %13: double = add %7, %11
              %14: DiffPair_double = construct %12, %13
              return %14
            }
        "#]],
    );
    let d = check_against_fd(
        &mut m,
        &mut info,
        f,
        vec![Value::F64(0.7), Value::F64(-1.3)],
        1e-7,
    );
    assert_eq!(d.len(), 1);
}

#[test]
fn scalar_arithmetic_matches_finite_differences() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    // double g(double a, double b, int k) {
    //   double q = a / b - (-a) % b; double s = k > 0 ? q * exp(b) : log(a);
    //   return pow(s * s, b) + sqrt(a) - double(k) * tanh(b) + cos(a);
    // }
    let g = func(&mut m, &mut info, "g", f64t, |b| {
        let pa = b.param("a", f64t, ParamDir::In);
        let pb = b.param("b", f64t, ParamDir::In);
        let pk = b.param("k", i32t, ParamDir::In);
        let a = b.load(Place::param(pa));
        let bb = b.load(Place::param(pb));
        let k = b.load(Place::param(pk));
        let q = b.div(a, bb);
        let na = b.unary(UnaryOp::Neg, a);
        let r = b.binary(BinaryOp::Rem, na, bb);
        let q = b.sub(q, r);
        let zero = b.i32(0);
        let pos = b.binary(BinaryOp::Gt, k, zero);
        let e = b.math(MathFn::Exp, &[bb]);
        let qe = b.mul(q, e);
        let la = b.math(MathFn::Log, &[a]);
        let s = b.select(pos, qe, la);
        let ss = b.mul(s, s);
        let pw = b.math(MathFn::Pow, &[ss, bb]);
        let sq = b.math(MathFn::Sqrt, &[a]);
        let kf = b.convert(k, Scalar::F64);
        let th = b.math(MathFn::Tanh, &[bb]);
        let kt = b.mul(kf, th);
        let c = b.math(MathFn::Cos, &[a]);
        let t = b.add(pw, sq);
        let t = b.sub(t, kt);
        let t = b.add(t, c);
        b.ret(Some(t));
    });
    let mut out = Vec::new();
    for k in [2, -1] {
        let d = check_against_fd(
            &mut m,
            &mut info,
            g,
            vec![Value::F64(2.5), Value::F64(0.8), Value::I32(k)],
            1e-6,
        );
        out.push(rounded(&d));
    }
    expect![[r#"["65.050405", "0.646292"]"#]].assert_eq(&format!("{out:?}"));
}

#[test]
fn vectors_swizzles_and_linear_intrinsics() {
    let (mut m, mut info, _) = setup();
    let v3 = m.types.vector(Scalar::F64, 3);
    let v2 = m.types.vector(Scalar::F64, 2);
    let i32t = m.types.i32();
    // double3 h(double3 a, double3 b, int i) {
    //   double3 c = cross(a, b) * dot(a, b); double2 s = c.zx + double2(a[i], 2.0);
    //   c[i] = s.y * b.x; return c * splat(s.x) + double3(s, length-like sqrt(dot(a,a)));
    // }
    let h = func(&mut m, &mut info, "h", v3, |b| {
        let pa = b.param("a", v3, ParamDir::In);
        let pb = b.param("b", v3, ParamDir::In);
        let pi = b.param("i", i32t, ParamDir::In);
        let a = b.load(Place::param(pa));
        let bv = b.load(Place::param(pb));
        let i = b.load(Place::param(pi));
        let cr = b.math(MathFn::Cross, &[a, bv]);
        let dt = b.math(MathFn::Dot, &[a, bv]);
        let dts = b.splat(v3, dt);
        let c = b.mul(cr, dts);
        let zx = b.swizzle(c, &[2, 0]);
        let ai = b.extract_dyn(a, i);
        let two = f64lit(b, 2.0);
        let v = b.construct(v2, vec![ai, two]);
        let s = b.add(zx, v);
        let sy = b.extract(s, 1);
        let bx = b.swizzle(bv, &[0]);
        let w = b.mul(sy, bx);
        let c = b.insert_dyn(c, i, w);
        let sx = b.extract(s, 0);
        let sxs = b.splat(v3, sx);
        let cs = b.mul(c, sxs);
        let aa = b.math(MathFn::Dot, &[a, a]);
        let len = b.math(MathFn::Sqrt, &[aa]);
        let tail = b.construct(v3, vec![s, len]);
        let r = b.add(cs, tail);
        b.ret(Some(r));
    });
    let d = check_against_fd(
        &mut m,
        &mut info,
        h,
        vec![
            f64s(&[0.3, -1.2, 2.0]),
            f64s(&[1.5, 0.4, -0.7]),
            Value::I32(1),
        ],
        1e-6,
    );
    expect!["7.343128, 15.040283, -23.385509"].assert_eq(&rounded(&d));
}

#[test]
fn matrices() {
    let (mut m, mut info, _) = setup();
    let m23 = m.types.matrix(Scalar::F64, 2, 3);
    let m32 = m.types.matrix(Scalar::F64, 3, 2);
    let m22 = m.types.matrix(Scalar::F64, 2, 2);
    let v3 = m.types.vector(Scalar::F64, 3);
    let v2 = m.types.vector(Scalar::F64, 2);
    // double2x2 k(double2x3 a, double3 v) {
    //   double2 mv = mul(a, v); double2x2 p = mul(a, transpose(a)) * p (component-wise);
    //   p[1] = mv + mul(v, transpose(a)) ; return p + mad-like
    // }
    let k = func(&mut m, &mut info, "k", m22, |b| {
        let pa = b.param("a", m23, ParamDir::In);
        let pv = b.param("v", v3, ParamDir::In);
        let a = b.load(Place::param(pa));
        let v = b.load(Place::param(pv));
        let mv = b.math(MathFn::Mul, &[a, v]);
        let at = b.math(MathFn::Transpose, &[a]);
        let _ = m32;
        let p = b.math(MathFn::Mul, &[a, at]);
        let p2 = b.mul(p, p);
        let va = b.math(MathFn::Mul, &[v, at]);
        let row = b.add(mv, va);
        let p3 = b.insert(p2, 1, row);
        let r0 = b.extract(p3, 0);
        let m = b.math(MathFn::Mad, &[r0, mv, va]);
        let out = b.construct(m22, vec![m, row]);
        let _ = v2;
        let neg = b.unary(UnaryOp::Neg, out);
        let r = b.add(p3, neg);
        b.ret(Some(r));
    });
    let a = Value::Composite(vec![f64s(&[1.0, 0.5, -0.3]), f64s(&[0.2, -1.1, 0.7])]);
    let d = check_against_fd(&mut m, &mut info, k, vec![a, f64s(&[0.4, 0.9, -1.6])], 1e-6);
    expect!["-3.397780, 1.496556, 0.000000, 0.000000"].assert_eq(&rounded(&d));
}

/// struct Particle { double3 pos; int id; double mass; } with a synthesised differential.
fn particle(m: &mut Module, info: &mut DiffInfo) -> (TypeId, TypeId) {
    let v3 = m.types.vector(Scalar::F64, 3);
    let f64t = m.types.scalar(Scalar::F64);
    let i32t = m.types.i32();
    let st = m
        .types
        .add_struct("Particle", vec![("pos", v3), ("id", i32t), ("mass", f64t)]);
    let d = info
        .derive_struct_differential(&mut m.types, st, &[])
        .unwrap();
    (st, d)
}

#[test]
fn structs_with_a_synthesised_differential() {
    let (mut m, mut info, f64t) = setup();
    let (st, d) = particle(&mut m, &mut info);
    let TypeKind::Struct(did) = *m.types.kind(d) else {
        panic!("differential is not a struct")
    };
    expect![[r#"
        Particle_Differential [("pos", "double3"), ("mass", "double")]
        StructDiff { diff_ty: TypeId(5), fields: [Some(0), None, Some(1)] }"#]]
    .assert_eq(&format!(
        "{} {:?}\n{:?}",
        m.types.struct_def(did).unwrap().name,
        m.types
            .struct_def(did)
            .unwrap()
            .fields
            .iter()
            .map(|f| (f.name.clone(), m.types.display(f.ty)))
            .collect::<Vec<_>>(),
        info.struct_diff(st).unwrap()
    ));
    // Particle step(Particle p, double dt) {
    //   Particle q = p; q.pos = q.pos + p.pos * dt * q.mass; q.id = q.id + 1;
    //   Particle r = Particle(q.pos, q.id, q.mass * dt); r = insert(r, mass, r.mass + sin(dt));
    //   return r;
    // }
    let step = func(&mut m, &mut info, "step", st, |b| {
        let pp = b.param("p", st, ParamDir::In);
        let pdt = b.param("dt", f64t, ParamDir::In);
        let q = b.local("q", st);
        let p = b.load(Place::param(pp));
        b.store(Place::local(q), p);
        let dt = b.load(Place::param(pdt));
        let qpos = b.load(Place::local(q).field(0));
        let ppos = b.extract(p, 0);
        let dts = b.splat(b.value_ty(qpos), dt);
        let sc = b.mul(ppos, dts);
        let qm = b.load(Place::local(q).field(2));
        let qms = b.splat(b.value_ty(qpos), qm);
        let sc = b.mul(sc, qms);
        let np = b.add(qpos, sc);
        b.store(Place::local(q).field(0), np);
        let id = b.load(Place::local(q).field(1));
        let one = b.i32(1);
        let id1 = b.add(id, one);
        b.store(Place::local(q).field(1), id1);
        let qv = b.load(Place::local(q));
        let pos = b.extract(qv, 0);
        let idv = b.extract(qv, 1);
        let mass = b.extract(qv, 2);
        let md = b.mul(mass, dt);
        let r = b.construct(st, vec![pos, idv, md]);
        let rm = b.extract(r, 2);
        let s = b.math(MathFn::Sin, &[dt]);
        let nm = b.add(rm, s);
        let r = b.insert(r, 2, nm);
        let r = b.insert(r, 1, id);
        b.ret(Some(r));
    });
    let p = Value::Composite(vec![
        f64s(&[1.0, -2.0, 0.5]),
        Value::I32(7),
        Value::F64(1.5),
    ]);
    let d = check_against_fd(&mut m, &mut info, step, vec![p, Value::F64(0.25)], 1e-6);
    expect!["0.863950, 1.981421, -0.210138, -0.689363"].assert_eq(&rounded(&d));
}

#[test]
fn arrays_with_dynamic_indices_in_a_loop() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    let arr = m.types.array(f64t, 4);
    // double4 via array: double[4] scan(double[4] xs, int start) {
    //   double[4] ys; double acc = 0; for (int i = start; i < 4; i++) { acc = acc * xs[i] + sin(xs[i]); ys[i] = acc; }
    //   return ys;
    // }
    let scan = func(&mut m, &mut info, "scan", arr, |b| {
        let pxs = b.param("xs", arr, ParamDir::In);
        let pstart = b.param("start", i32t, ParamDir::In);
        let ys = b.local("ys", arr);
        let acc = b.local("acc", f64t);
        let i = b.local("i", i32t);
        let st = b.load(Place::param(pstart));
        b.store(Place::local(i), st);
        b.loop_(
            LoopAttrs {
                max_iters: Some(4),
                force_unroll: false,
            },
            |b| {
                let iv = b.load(Place::local(i));
                let four = b.i32(4);
                let more = b.lt(iv, four);
                b.if_(more, |_| {}, |b| b.brk());
                let x = b.load(Place::param(pxs).dynamic(iv));
                let a = b.load(Place::local(acc));
                let ax = b.mul(a, x);
                let s = b.math(MathFn::Sin, &[x]);
                let n = b.add(ax, s);
                b.store(Place::local(acc), n);
                b.store(Place::local(ys).dynamic(iv), n);
            },
            |b| {
                let iv = b.load(Place::local(i));
                let one = b.i32(1);
                let n = b.add(iv, one);
                b.store(Place::local(i), n);
                None
            },
        );
        let r = b.load(Place::local(ys));
        b.ret(Some(r));
    });
    let d = check_against_fd(
        &mut m,
        &mut info,
        scan,
        vec![f64s(&[0.5, 1.5, -0.5, 2.0]), Value::I32(1)],
        1e-6,
    );
    expect!["0.000000, 0.060131, -0.039600, -0.257334"].assert_eq(&rounded(&d));
}

#[test]
fn branches_switch_continue_and_early_return() {
    let (mut m, mut info, f64t) = setup();
    let i32t = m.types.i32();
    // double w(double x, int n) {
    //   double acc = x;
    //   for (int i = 0; ; i++) {
    //     if (i >= n) break;
    //     switch (i % 3) { case 0: acc = acc * x; break; case 1: acc = acc + exp(x); [fallthrough]
    //                     default: acc = acc - 0.5 * x; }
    //     if (i == 2) continue;
    //     if (acc > 100.0) return acc * 2.0;
    //     acc = acc / (1.0 + x * x);
    //   }
    //   return acc;
    // }
    let w = func(&mut m, &mut info, "w", f64t, |b| {
        let px = b.param("x", f64t, ParamDir::In);
        let pn = b.param("n", i32t, ParamDir::In);
        let acc = b.local("acc", f64t);
        let i = b.local("i", i32t);
        let x0 = b.load(Place::param(px));
        b.store(Place::local(acc), x0);
        b.loop_(
            LoopAttrs::default(),
            |b| {
                let iv = b.load(Place::local(i));
                let n = b.load(Place::param(pn));
                let done = b.binary(BinaryOp::Ge, iv, n);
                b.if_(done, |b| b.brk(), |_| {});
                let three = b.i32(3);
                let sel = b.binary(BinaryOp::Rem, iv, three);
                let c0 = b.block(|b| {
                    let a = b.load(Place::local(acc));
                    let x = b.load(Place::param(px));
                    let r = b.mul(a, x);
                    b.store(Place::local(acc), r);
                    b.brk();
                });
                let c1 = b.block(|b| {
                    let a = b.load(Place::local(acc));
                    let x = b.load(Place::param(px));
                    let e = b.math(MathFn::Exp, &[x]);
                    let r = b.add(a, e);
                    b.store(Place::local(acc), r);
                });
                let cd = b.block(|b| {
                    let a = b.load(Place::local(acc));
                    let x = b.load(Place::param(px));
                    let half = f64lit(b, 0.5);
                    let hx = b.mul(half, x);
                    let r = b.sub(a, hx);
                    b.store(Place::local(acc), r);
                });
                b.switch(
                    sel,
                    vec![
                        SwitchCase {
                            values: vec![0],
                            is_default: false,
                            body: c0,
                            fallthrough: false,
                        },
                        SwitchCase {
                            values: vec![1],
                            is_default: false,
                            body: c1,
                            fallthrough: true,
                        },
                        SwitchCase {
                            values: vec![],
                            is_default: true,
                            body: cd,
                            fallthrough: false,
                        },
                    ],
                );
                let two = b.i32(2);
                let is2 = b.binary(BinaryOp::Eq, iv, two);
                b.if_(is2, |b| b.cont(), |_| {});
                let a = b.load(Place::local(acc));
                let hundred = f64lit(b, 100.0);
                let big = b.binary(BinaryOp::Gt, a, hundred);
                b.if_(
                    big,
                    |b| {
                        let two = f64lit(b, 2.0);
                        let r = b.mul(a, two);
                        b.ret(Some(r));
                    },
                    |_| {},
                );
                let x = b.load(Place::param(px));
                let one = f64lit(b, 1.0);
                let xx = b.mul(x, x);
                let den = b.add(one, xx);
                let r = b.div(a, den);
                b.store(Place::local(acc), r);
            },
            |b| {
                let iv = b.load(Place::local(i));
                let one = b.i32(1);
                let n = b.add(iv, one);
                b.store(Place::local(i), n);
                None
            },
        );
        let r = b.load(Place::local(acc));
        b.ret(Some(r));
    });
    let mut out = Vec::new();
    // Different trip counts exercise break, fallthrough, continue; x = 6 takes the early return.
    for (x, n) in [(0.7, 5), (1.3, 2), (6.0, 3)] {
        let d = check_against_fd(
            &mut m,
            &mut info,
            w,
            vec![Value::F64(x), Value::I32(n)],
            1e-6,
        );
        out.push(rounded(&d));
    }
    expect![[r#"["-0.252733", "0.001062", "744.476763"]"#]].assert_eq(&format!("{out:?}"));
}

#[test]
fn inout_and_out_parameters() {
    let (mut m, mut info, f64t) = setup();
    let void = m.types.void();
    // void upd(inout double s, out double o, double x) { o = s * x; s = s + sin(o); }
    let upd = func(&mut m, &mut info, "upd", void, |b| {
        let ps = b.param("s", f64t, ParamDir::InOut);
        let po = b.param("o", f64t, ParamDir::Out);
        let px = b.param("x", f64t, ParamDir::In);
        let s = b.load(Place::param(ps));
        let x = b.load(Place::param(px));
        let o = b.mul(s, x);
        b.store(Place::param(po), o);
        let so = b.math(MathFn::Sin, &[o]);
        let ns = b.add(s, so);
        b.store(Place::param(ps), ns);
        b.ret(None);
    });
    let d = check_against_fd(
        &mut m,
        &mut info,
        upd,
        vec![Value::F64(0.9), Value::F64(0.0), Value::F64(1.7)],
        1e-6,
    );
    expect!["1.019067, 2.335538"].assert_eq(&rounded(&d));
}

/// `double sq(double x) { return x * x; }` and `void acc(inout double a, double x) { a += sq(x) * a; }`
fn callees(m: &mut Module, info: &mut DiffInfo, f64t: TypeId) -> (FuncId, FuncId) {
    let sq = func(m, info, "sq", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.mul(xv, xv);
        b.ret(Some(r));
    });
    let void = m.types.void();
    let acc = func(m, info, "acc", void, |b| {
        let pa = b.param("a", f64t, ParamDir::InOut);
        let px = b.param("x", f64t, ParamDir::In);
        let x = b.load(Place::param(px));
        let s = b.call(sq, vec![Arg::Value(x)]);
        let a = b.load(Place::param(pa));
        let sa = b.mul(s, a);
        let r = b.add(a, sa);
        b.store(Place::param(pa), r);
        b.ret(None);
    });
    (sq, acc)
}

#[test]
fn calls_are_transcribed_on_demand() {
    let (mut m, mut info, f64t) = setup();
    let n = m.functions.len();
    let (_, acc) = callees(&mut m, &mut info, f64t);
    let arr = m.types.array(f64t, 2);
    // double top(double[2] v) { double t = v[0]; acc(t, v[1]); acc(t, t); return t; }
    let top = func(&mut m, &mut info, "top", f64t, |b| {
        let pv = b.param("v", arr, ParamDir::In);
        let t = b.local("t", f64t);
        let v0 = b.load(Place::param(pv).index(0));
        b.store(Place::local(t), v0);
        let v1 = b.load(Place::param(pv).index(1));
        b.call(acc, vec![Arg::Place(Place::local(t)), Arg::Value(v1)]);
        let tv = b.load(Place::local(t));
        b.call(acc, vec![Arg::Place(Place::local(t)), Arg::Value(tv)]);
        let r = b.load(Place::local(t));
        b.ret(Some(r));
    });
    let d = check_against_fd(&mut m, &mut info, top, vec![f64s(&[0.6, -0.8])], 1e-6);
    expect!["2.729390"].assert_eq(&rounded(&d));
    check_transcript(
        &m,
        n,
        expect![[r#"
            fn s_fwd_top(v: DiffPair_double_2) -> DiffPair_double {
              local t: double
              local d_t: double
              local pair2: DiffPair_double
              local pair3: DiffPair_double
              %0: double = load $v.p[0]
              %1: double = load $v.d[0]
              store $t, %0
              store $d_t, %1
              %2: double = load $v.p[1]
              %3: double = load $v.d[1]
              %4: double = load $t
              %5: double = load $d_t
              %6: DiffPair_double = construct %4, %5
              store $pair2, %6
              %7: DiffPair_double = construct %2, %3
              %8: void = call s_fwd_acc(inout $pair2, %7)
              %9: double = load $pair2.p
              store $t, %9
              %10: double = load $pair2.d
              store $d_t, %10
              %11: double = load $t
              %12: double = load $d_t
              %13: double = load $t
              %14: double = load $d_t
              %15: DiffPair_double = construct %13, %14
              store $pair3, %15
              %16: DiffPair_double = construct %11, %12
              %17: void = call s_fwd_acc(inout $pair3, %16)
              %18: double = load $pair3.p
              store $t, %18
              %19: double = load $pair3.d
              store $d_t, %19
              %20: double = load $t
              %21: double = load $d_t
              %22: DiffPair_double = construct %20, %21
              return %22
            }

            fn s_fwd_acc(inout a: DiffPair_double, x: DiffPair_double) -> void {
              %0: double = load $x.p
              %1: double = load $x.d
              %2: DiffPair_double = construct %0, %1
              %3: DiffPair_double = call s_fwd_sq(%2)
              %4: double = extract %3, 0
              %5: double = extract %3, 1
              %6: double = load $a.p
              %7: double = load $a.d
              %8: double = mul %4, %6
              %9: double = mul %5, %6
              %10: double = mul %4, %7
              %11: double = add %9, %10
              %12: double = add %6, %8
              %13: double = add %7, %11
              store $a.p, %12
              store $a.d, %13
              return
            }

            fn s_fwd_sq(x: DiffPair_double) -> DiffPair_double {
              %0: double = load $x.p
              %1: double = load $x.d
              %2: double = mul %0, %0
              %3: double = mul %1, %0
              %4: double = mul %0, %1
              %5: double = add %3, %4
              %6: DiffPair_double = construct %2, %5
              return %6
            }
        "#]],
    );
    // A second request reuses the transcribed functions.
    let count = m.functions.len();
    forward_derivative(&mut m, &mut info, top).unwrap();
    assert_eq!(m.functions.len(), count);
}

#[test]
fn custom_derivatives_no_diff_and_treat_as_differentiable() {
    let (mut m, mut info, f64t) = setup();
    let (sq, _) = callees(&mut m, &mut info, f64t);
    // A custom derivative for sq that scales the derivative by 10, to see that it is used.
    let pair = info.pair_type(&mut m.types, f64t).unwrap();
    let mut b = FunctionBuilder::new(&mut m, "sq_fwd", pair);
    let x = b.param("x", pair, ParamDir::In);
    let p = b.load(Place::param(x).field(0));
    let d = b.load(Place::param(x).field(1));
    let pp = b.mul(p, p);
    let twenty = b.literal(Literal::F64(20.0));
    let k = b.mul(twenty, p);
    let dd = b.mul(k, d);
    let r = b.construct(pair, vec![pp, dd]);
    b.ret(Some(r));
    let sq_fwd = b.finish().unwrap();
    info.custom_fwd.insert(sq, sq_fwd);
    // Not differentiable at all, and [TreatAsDifferentiable].
    let plain = {
        let mut b = FunctionBuilder::new(&mut m, "plain", f64t);
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.mul(xv, xv);
        b.ret(Some(r));
        b.finish().unwrap()
    };
    let treat = func(&mut m, &mut info, "treat", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.math(MathFn::Exp, &[xv]);
        b.ret(Some(r));
    });
    info.treat_as_differentiable.insert(treat);
    let mut nd_call = None;
    // double u(double x, no_diff double y) { return sq(x) + no_diff sq(x) + plain(x) + treat(x) + x*y; }
    let u = func(&mut m, &mut info, "u", f64t, |b| {
        let px = b.param("x", f64t, ParamDir::In);
        let py = b.param("y", f64t, ParamDir::In);
        let x = b.load(Place::param(px));
        let y = b.load(Place::param(py));
        let a = b.call(sq, vec![Arg::Value(x)]);
        let nd = b.call(sq, vec![Arg::Value(x)]);
        nd_call = Some(nd);
        let c = b.call(plain, vec![Arg::Value(x)]);
        let t = b.call(treat, vec![Arg::Value(x)]);
        let xy = b.mul(x, y);
        let s = b.add(a, nd);
        let s = b.add(s, c);
        let s = b.add(s, t);
        let s = b.add(s, xy);
        b.ret(Some(s));
    });
    info.no_diff_calls.insert((u, nd_call.unwrap()));
    info.no_diff_params.entry(u).or_default().insert(1);
    let fwd = forward_derivative(&mut m, &mut info, u).unwrap();
    assert_eq!(verify(&m), Ok(()));
    let pair_arg = Value::Composite(vec![Value::F64(1.5), Value::F64(1.0)]);
    let (r, _) = interp::call(&m, fwd, vec![pair_arg, Value::F64(4.0)]).unwrap();
    // primal: 2.25 + 2.25 + 2.25 + e^1.5 + 6; derivative: only the custom sq (20 * 1.5) and x*y (y = 4).
    expect!["(17.231689070338064l, 34.0l)"].assert_eq(&r.to_string());
    // The no_diff parameter stays a plain double; the treat-as-differentiable function gets a
    // derivative with zero differential.
    let sig = print_function(&m, m.function(fwd).unwrap());
    expect!["fn s_fwd_u(x: DiffPair_double, y: double) -> DiffPair_double {"]
        .assert_eq(sig.lines().next().unwrap());
    let tf = forward_derivative(&mut m, &mut info, treat).unwrap();
    assert_eq!(verify(&m), Ok(()));
    let (r, _) = interp::call(
        &m,
        tf,
        vec![Value::Composite(vec![Value::F64(0.0), Value::F64(1.0)])],
    )
    .unwrap();
    expect!["(1.0l, 0.0l)"].assert_eq(&r.to_string());
}

#[test]
fn primal_substitute_supplies_the_body_to_differentiate() {
    let (mut m, mut info, f64t) = setup();
    // `fast` has a body that is not the math (think hardware intrinsic); `reference` is.
    let fast = func(&mut m, &mut info, "fast", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        b.ret(Some(xv));
    });
    let reference = func(&mut m, &mut info, "reference", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.math(MathFn::Sin, &[xv]);
        b.ret(Some(r));
    });
    info.primal_substitute.insert(fast, reference);
    let fwd = forward_derivative(&mut m, &mut info, fast).unwrap();
    assert_eq!(verify(&m), Ok(()));
    let (r, _) = interp::call(
        &m,
        fwd,
        vec![Value::Composite(vec![Value::F64(0.0), Value::F64(2.0)])],
    )
    .unwrap();
    expect!["(0.0l, 2.0l)"].assert_eq(&r.to_string());
}

#[test]
fn user_guide_second_order_sin() {
    // fwd_diff(fwd_diff(sin)) at ((pi/2, 1), (1, 0)) == ((1, 0), (0, -1)), in float as in the guide.
    let mut m = Module::new();
    let mut info = DiffInfo::new();
    let f32t = m.types.f32();
    stdlib_fwd(&mut m, &mut info, f32t);
    let d_sin = m.find_function("__d_sin_float").unwrap();
    let dd_sin = forward_derivative(&mut m, &mut info, d_sin).unwrap();
    assert_eq!(verify(&m), Ok(()));
    let pair = |p: f32, d: f32| Value::Composite(vec![Value::F32(p), Value::F32(d)]);
    let arg = Value::Composite(vec![pair(std::f32::consts::FRAC_PI_2, 1.0), pair(1.0, 0.0)]);
    let (r, _) = interp::call(&m, dd_sin, vec![arg]).unwrap();
    let mut flat = Vec::new();
    r.flatten_floats(&mut flat);
    assert_close(&flat, &[1.0, 0.0, 0.0, -1.0], 1e-6, "second order sin");
    check_transcript(
        &m,
        m.functions.len() - 2,
        expect![[r#"
            fn s_fwd___d_sin_float(x: DiffPair_DiffPair_float) -> DiffPair_DiffPair_float {
              %0: float = load $x.p.p
              %1: float = load $x.d.p
              %2: float = load $x.p.d
              %3: float = load $x.d.d
              %4: DiffPair_float = construct %0, %1
              %5: DiffPair_float = call __d_sin_float(%4)
              %6: float = extract %5, 0
              %7: float = extract %5, 1
              %8: DiffPair_float = construct %0, %1
              %9: DiffPair_float = call __d_cos_float(%8)
              %10: float = extract %9, 0
              %11: float = extract %9, 1
              %12: float = mul %10, %2
              %13: float = mul %11, %2
              %14: float = mul %10, %3
              %15: float = add %13, %14
              %16: DiffPair_float = construct %6, %12
              %17: DiffPair_float = construct %7, %15
              %18: DiffPair_DiffPair_float = construct %16, %17
              return %18
            }
        "#]],
    );
}

#[test]
fn second_order_matches_finite_differences_of_the_first() {
    let (mut m, mut info, f64t) = setup();
    let (sq, _) = callees(&mut m, &mut info, f64t);
    // double q(double x) { return sq(x) * sin(x) / (1 + x); }
    let q = func(&mut m, &mut info, "q", f64t, |b| {
        let px = b.param("x", f64t, ParamDir::In);
        let x = b.load(Place::param(px));
        let s = b.call(sq, vec![Arg::Value(x)]);
        let sn = b.math(MathFn::Sin, &[x]);
        let p = b.mul(s, sn);
        let one = f64lit(b, 1.0);
        let den = b.add(one, x);
        let r = b.div(p, den);
        b.ret(Some(r));
    });
    let fq = forward_derivative(&mut m, &mut info, q).unwrap();
    // fwd_diff(q) is itself checked against finite differences: second derivatives.
    let arg = Value::Composite(vec![Value::F64(0.8), Value::F64(1.0)]);
    let d = check_against_fd(&mut m, &mut info, fq, vec![arg], 1e-6);
    expect!["0.687009, 1.513754"].assert_eq(&rounded(&d));
}

#[test]
fn errors_name_the_problem() {
    let (mut m, mut info, f64t) = setup();
    let plain = {
        let mut b = FunctionBuilder::new(&mut m, "plain", f64t);
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        b.ret(Some(xv));
        b.finish().unwrap()
    };
    let e = forward_derivative(&mut m, &mut info, plain).unwrap_err();
    expect!["plain is not differentiable"].assert_eq(&e.to_string());
    let no_atan = func(&mut m, &mut info, "no_atan", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.math(MathFn::Atan, &[xv]);
        b.ret(Some(r));
    });
    // The failing request reaches atan through a callee; nothing of it stays in the module.
    let caller = func(&mut m, &mut info, "caller", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let r = b.call(no_atan, vec![Arg::Value(xv)]);
        b.ret(Some(r));
    });
    let count = m.functions.len();
    let e = forward_derivative(&mut m, &mut info, caller).unwrap_err();
    assert_eq!(m.functions.len(), count);
    assert_eq!(info.forward_of(caller), None);
    assert_eq!(verify(&m), Ok(()));
    assert!(matches!(e, DiffError::NoDerivative { .. }));
    expect!["in no_atan: no derivative registered for atan(double)"].assert_eq(&e.to_string());
    let e = forward_derivative(&mut m, &mut info, FuncId(999)).unwrap_err();
    expect!["in #999: malformed IR: unknown function"].assert_eq(&e.to_string());
}

#[test]
fn transcript_of_a_loop_keeps_differential_locals_beside_primal_ones() {
    let (mut m, mut info, f64t) = setup();
    let n = m.functions.len();
    let i32t = m.types.i32();
    // double cube(double x) { double a = 1; for (int i = 0; i < 3; i++) a = a * x; return a; }
    let cube = func(&mut m, &mut info, "cube", f64t, |b| {
        let px = b.param("x", f64t, ParamDir::In);
        let a = b.local("a", f64t);
        let i = b.local("i", i32t);
        let one = f64lit(b, 1.0);
        b.store(Place::local(a), one);
        b.loop_(
            LoopAttrs {
                max_iters: Some(3),
                force_unroll: false,
            },
            |b| {
                let av = b.load(Place::local(a));
                let x = b.load(Place::param(px));
                let r = b.mul(av, x);
                b.store(Place::local(a), r);
            },
            |b| {
                let iv = b.load(Place::local(i));
                let one = b.i32(1);
                let next = b.add(iv, one);
                b.store(Place::local(i), next);
                let three = b.i32(3);
                Some(b.binary(BinaryOp::Ge, next, three))
            },
        );
        let r = b.load(Place::local(a));
        b.ret(Some(r));
    });
    let d = check_against_fd(&mut m, &mut info, cube, vec![Value::F64(1.5)], 1e-7);
    // 3 x^2 v at x = 1.5 along the test direction v.
    assert_close(&d, &[3.0 * 1.5 * 1.5 * Rng::new(7).next()], 1e-9, "cube");
    check_transcript(
        &m,
        n,
        expect![[r#"
            fn s_fwd_cube(x: DiffPair_double) -> DiffPair_double {
              local a: double
              local i: int
              local d_a: double
              %0: double = 1.0l
              store $a, %0
              %1: double = zero
              store $d_a, %1
              loop [MaxIters(3)] {
                %2: double = load $a
                %3: double = load $d_a
                %4: double = load $x.p
                %5: double = load $x.d
                %6: double = mul %2, %4
                %7: double = mul %3, %4
                %8: double = mul %2, %5
                %9: double = add %7, %8
                store $a, %6
                store $d_a, %9
              } continuing {
                %10: int = load $i
                %11: int = 1
                %12: int = add %10, %11
                store $i, %12
                %13: int = 3
                %14: bool = ge %12, %13
                break_if %14
              }
              %15: double = load $a
              %16: double = load $d_a
              %17: DiffPair_double = construct %15, %16
              return %17
            }
        "#]],
    );
}

#[test]
fn vector_overloads_of_intrinsic_derivatives_are_chosen_by_type() {
    let (mut m, mut info, _) = setup();
    let v3 = m.types.vector(Scalar::F64, 3);
    stdlib_fwd(&mut m, &mut info, v3);
    // double3 g(double3 a) { return sin(a) * exp(a.yzx) + pow(a * a, a); }
    let g = func(&mut m, &mut info, "g", v3, |b| {
        let pa = b.param("a", v3, ParamDir::In);
        let a = b.load(Place::param(pa));
        let s = b.math(MathFn::Sin, &[a]);
        let yzx = b.swizzle(a, &[1, 2, 0]);
        let e = b.math(MathFn::Exp, &[yzx]);
        let se = b.mul(s, e);
        let aa = b.mul(a, a);
        let p = b.math(MathFn::Pow, &[aa, a]);
        let r = b.add(se, p);
        b.ret(Some(r));
    });
    let d = check_against_fd(&mut m, &mut info, g, vec![f64s(&[0.4, 1.1, 0.7])], 1e-6);
    expect!["3.624984, 3.063936, 0.878065"].assert_eq(&rounded(&d));
    let fwd = m.find_function("s_fwd_g").unwrap();
    let text = print_function(&m, m.function(fwd).unwrap());
    let calls: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("call"))
        .map(str::trim)
        .collect();
    expect![[r#"
          %3: DiffPair_double3 = call __d_sin_double3(%2)
          %9: DiffPair_double3 = call __d_exp_double3(%8)
          %22: DiffPair_double3 = call __d_pow_double3(%20, %21)"#]]
    .assert_eq(&calls.join("\n"));
}

#[test]
fn no_diff_outputs_and_returns_carry_no_derivative() {
    let (mut m, mut info, f64t) = setup();
    let void = m.types.void();
    // void set2(no_diff inout double a, double x) { a = 2 * x; }
    let set2 = func(&mut m, &mut info, "set2", void, |b| {
        let pa = b.param("a", f64t, ParamDir::InOut);
        let px = b.param("x", f64t, ParamDir::In);
        let x = b.load(Place::param(px));
        let two = f64lit(b, 2.0);
        let r = b.mul(two, x);
        b.store(Place::param(pa), r);
        b.ret(None);
    });
    info.no_diff_params.entry(set2).or_default().insert(0);
    // no_diff double sqr(double x) { return x * x; }
    let sqr = func(&mut m, &mut info, "sqr", f64t, |b| {
        let px = b.param("x", f64t, ParamDir::In);
        let x = b.load(Place::param(px));
        let r = b.mul(x, x);
        b.ret(Some(r));
    });
    info.no_diff_return.insert(sqr);
    // double f(double x) { double t = x; set2(t, x); return t * x + sqr(x) * x; }
    let f = func(&mut m, &mut info, "f", f64t, |b| {
        let px = b.param("x", f64t, ParamDir::In);
        let t = b.local("t", f64t);
        let x = b.load(Place::param(px));
        b.store(Place::local(t), x);
        b.call(set2, vec![Arg::Place(Place::local(t)), Arg::Value(x)]);
        let tv = b.load(Place::local(t));
        let tx = b.mul(tv, x);
        let s = b.call(sqr, vec![Arg::Value(x)]);
        let sx = b.mul(s, x);
        let r = b.add(tx, sx);
        b.ret(Some(r));
    });
    let fwd = forward_derivative(&mut m, &mut info, f).unwrap();
    assert_eq!(verify(&m), Ok(()));
    let (r, _) = interp::call(
        &m,
        fwd,
        vec![Value::Composite(vec![Value::F64(3.0), Value::F64(1.0)])],
    )
    .unwrap();
    // primal 2x*x + x^2*x = 18 + 27; derivative: t and sqr(x) are constants: 2x + x^2 = 6 + 9.
    expect!["(45.0l, 15.0l)"].assert_eq(&r.to_string());
    let sig = print_function(
        &m,
        m.find_function("s_fwd_sqr")
            .and_then(|id| m.function(id))
            .unwrap(),
    );
    expect!["fn s_fwd_sqr(x: DiffPair_double) -> double {"].assert_eq(sig.lines().next().unwrap());
}

#[test]
fn custom_derivative_with_a_wrong_signature_is_reported() {
    let (mut m, mut info, f64t) = setup();
    let (sq, _) = callees(&mut m, &mut info, f64t);
    let wrong = {
        let mut b = FunctionBuilder::new(&mut m, "sq_bad", f64t);
        let x = b.param("x", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        b.ret(Some(xv));
        b.finish().unwrap()
    };
    info.custom_fwd.insert(sq, wrong);
    let e = forward_derivative(&mut m, &mut info, sq).unwrap_err();
    expect!["sq: custom forward derivative sq_bad must have the signature (DiffPair_double) -> DiffPair_double"].assert_eq(&e.to_string());
}

#[test]
fn differential_and_pair_types() {
    let mut m = Module::new();
    let mut info = DiffInfo::new();
    let f32t = m.types.f32();
    let i32t = m.types.i32();
    let v3 = m.types.vector(Scalar::F32, 3);
    let arr = m.types.array(v3, 4);
    let (st, _) = particle(&mut m, &mut info);
    let own = m.types.add_struct("Own", vec![("a", f32t), ("b", arr)]);
    info.derive_struct_differential(&mut m.types, own, &[]);
    let tagged = m.types.add_struct("Tagged", vec![("x", f32t), ("y", f32t)]);
    info.derive_struct_differential(&mut m.types, tagged, &[1]);
    let mut lines = Vec::new();
    for ty in [f32t, i32t, arr, st, own, tagged] {
        let d = info.diff_type(&mut m.types, ty);
        let pair = info.pair_type(&mut m.types, ty);
        let pair_d = pair.and_then(|p| info.diff_type(&mut m.types, p));
        let show = |t: Option<TypeId>| t.map_or("-".to_string(), |t| m.types.display(t));
        lines.push(format!(
            "{}: diff {}, pair {}, pair diff {}",
            m.types.display(ty),
            show(d),
            show(pair),
            show(pair_d)
        ));
    }
    let pp = info.pair_type(&mut m.types, st).unwrap();
    let ppp = info.pair_type(&mut m.types, pp).unwrap();
    lines.push(format!(
        "pair of pair: {} (primal {})",
        m.types.display(ppp),
        m.types.display(info.pair_primal(ppp).unwrap())
    ));
    expect![[r#"
        float: diff float, pair DiffPair_float, pair diff DiffPair_float
        int: diff -, pair -, pair diff -
        float3[4]: diff float3[4], pair DiffPair_float3_4, pair diff DiffPair_float3_4
        Particle: diff Particle_Differential, pair DiffPair_Particle, pair diff DiffPair_Particle_Differential
        Own: diff Own, pair DiffPair_Own, pair diff DiffPair_Own
        Tagged: diff Tagged_Differential, pair DiffPair_Tagged, pair diff DiffPair_Tagged_Differential
        pair of pair: DiffPair_DiffPair_Particle (primal DiffPair_Particle)
    "#]]
    .assert_eq(&(lines.join("\n") + "\n"));
}
