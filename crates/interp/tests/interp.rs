use expect_test::{Expect, expect};
use interp::{InterpError, Machine, Value, call};
use ir::*;

fn show(result: Result<(Value, Vec<Value>), InterpError>) -> String {
    match result {
        Ok((ret, outs)) => {
            let outs: Vec<String> = outs.iter().map(|v| v.to_string()).collect();
            format!("{ret} [{}]", outs.join(", "))
        }
        Err(e) => format!("error: {e}"),
    }
}

fn check(m: &Module, f: FuncId, args: Vec<Value>, expect: Expect) {
    assert_eq!(verify(m), Ok(()));
    expect.assert_eq(&show(call(m, f, args)));
}

fn f32v(xs: &[f32]) -> Value {
    Value::Composite(xs.iter().map(|&x| Value::F32(x)).collect())
}

/// `int f(int a, int b)` applying `op`.
fn int_binary(op: BinaryOp, s: Scalar) -> (Module, FuncId) {
    let mut m = Module::new();
    let t = m.types.scalar(s);
    let ret = if op.is_comparison() {
        m.types.bool()
    } else {
        t
    };
    let mut b = FunctionBuilder::new(&mut m, "f", ret);
    let pa = b.param("a", t, ParamDir::In);
    let pb = b.param("b", t, ParamDir::In);
    let x = b.load(Place::param(pa));
    let y = b.load(Place::param(pb));
    let r = b.binary(op, x, y);
    b.ret(Some(r));
    let f = b.finish().unwrap();
    (m, f)
}

#[test]
fn integer_semantics_wrap_and_follow_wgsl() {
    let cases = [
        (BinaryOp::Add, Value::I32(i32::MAX), Value::I32(1)),
        (BinaryOp::Mul, Value::U32(0x8000_0000), Value::U32(2)),
        (BinaryOp::Div, Value::I32(7), Value::I32(0)),
        (BinaryOp::Div, Value::I32(i32::MIN), Value::I32(-1)),
        (BinaryOp::Rem, Value::I32(-7), Value::I32(3)),
        (BinaryOp::Rem, Value::U32(7), Value::U32(0)),
        (BinaryOp::Shl, Value::U32(1), Value::U32(33)),
        (BinaryOp::Shr, Value::I32(-16), Value::I32(2)),
        (BinaryOp::Sub, Value::U64(0), Value::U64(1)),
        (BinaryOp::Lt, Value::U32(1), Value::U32(2)),
    ];
    let mut out = String::new();
    for (op, a, b) in cases {
        let (m, f) = int_binary(op, a.scalar().unwrap());
        out.push_str(&format!(
            "{} {a} {b} = {}\n",
            op.name(),
            show(call(&m, f, vec![a.clone(), b.clone()]))
        ));
    }
    expect![[r#"
        add 2147483647 1 = -2147483648 []
        mul 2147483648u 2u = 0u []
        div 7 0 = 7 []
        div -2147483648 -1 = -2147483648 []
        rem -7 3 = -1 []
        rem 7u 0u = 0u []
        shl 1u 33u = 2u []
        shr -16 2 = -4 []
        sub 0ull 1ull = 18446744073709551615ull []
        lt 1u 2u = true []
    "#]]
    .assert_eq(&out);
}

#[test]
fn f32_arithmetic_rounds_to_f32_and_f64_keeps_precision() {
    let (m, f) = int_binary(BinaryOp::Div, Scalar::F32);
    check(
        &m,
        f,
        vec![Value::F32(1.0), Value::F32(3.0)],
        expect!["0.33333334 []"],
    );
    let (m, f) = int_binary(BinaryOp::Div, Scalar::F64);
    check(
        &m,
        f,
        vec![Value::F64(1.0), Value::F64(3.0)],
        expect!["0.3333333333333333l []"],
    );
    let (m, f) = int_binary(BinaryOp::Rem, Scalar::F32);
    check(
        &m,
        f,
        vec![Value::F32(-7.5), Value::F32(2.0)],
        expect!["-1.5 []"],
    );
    let (m, f) = int_binary(BinaryOp::Add, Scalar::F16);
    check(
        &m,
        f,
        vec![Value::F16(1.0), Value::F16(0.0001)],
        expect!["1.0h []"],
    );
}

/// `float sum(float[4] xs, int n, inout int count)`: loop with continue, break and early return.
fn loop_module() -> (Module, FuncId) {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let i32t = m.types.i32();
    let arr = m.types.array(f32t, 4);
    let mut b = FunctionBuilder::new(&mut m, "sum", f32t);
    let xs = b.param("xs", arr, ParamDir::In);
    let n = b.param("n", i32t, ParamDir::In);
    let count = b.param("count", i32t, ParamDir::InOut);
    let i = b.local("i", i32t);
    let acc = b.local("acc", f32t);
    b.loop_(
        LoopAttrs::default(),
        |b| {
            let iv = b.load(Place::local(i));
            let nv = b.load(Place::param(n));
            let done = b.binary(BinaryOp::Ge, iv, nv);
            b.if_(done, |b| b.brk(), |_| {});
            let x = b.load(Place::param(xs).dynamic(iv));
            let zero = b.f32(0.0);
            let neg = b.lt(x, zero);
            // Negative entries are skipped; a 100 returns at once.
            b.if_(neg, |b| b.cont(), |_| {});
            let hundred = b.f32(100.0);
            let big = b.binary(BinaryOp::Eq, x, hundred);
            b.if_(big, |b| b.ret(Some(x)), |_| {});
            let a = b.load(Place::local(acc));
            let s = b.add(a, x);
            b.store(Place::local(acc), s);
            let c = b.load(Place::param(count));
            let one = b.i32(1);
            let c1 = b.add(c, one);
            b.store(Place::param(count), c1);
        },
        |b| {
            let iv = b.load(Place::local(i));
            let one = b.i32(1);
            let next = b.add(iv, one);
            b.store(Place::local(i), next);
            None
        },
    );
    let r = b.load(Place::local(acc));
    b.ret(Some(r));
    let f = b.finish().unwrap();
    (m, f)
}

#[test]
fn loops_with_break_continue_and_early_return() {
    let (m, f) = loop_module();
    let args = |xs: &[f32], n: i32| vec![f32v(xs), Value::I32(n), Value::I32(10)];
    check(&m, f, args(&[1.0, -2.0, 3.0, 4.0], 4), expect!["8.0 [13]"]);
    check(&m, f, args(&[1.0, 2.0, 3.0, 4.0], 2), expect!["3.0 [12]"]);
    check(
        &m,
        f,
        args(&[1.0, 100.0, 3.0, 4.0], 4),
        expect!["100.0 [11]"],
    );
    // Reading past the array is an error, not a panic.
    check(
        &m,
        f,
        args(&[1.0, 2.0, 3.0, 4.0], 5),
        expect!["error: index 4 out of bounds for length 4"],
    );
}

#[test]
fn endless_loop_hits_the_step_limit() {
    let mut m = Module::new();
    let void = m.types.void();
    let mut b = FunctionBuilder::new(&mut m, "spin", void);
    b.loop_(LoopAttrs::default(), |_| {}, |_| None);
    b.ret(None);
    let f = b.finish().unwrap();
    let r = Machine::new(&m).with_step_limit(1000).call(f, vec![]);
    assert_eq!(r, Err(InterpError::StepLimit));
}

#[test]
fn switch_with_fallthrough_and_default() {
    let mut m = Module::new();
    let i32t = m.types.i32();
    let mut b = FunctionBuilder::new(&mut m, "sw", i32t);
    let s = b.param("s", i32t, ParamDir::In);
    let r = b.local("r", i32t);
    let sel = b.load(Place::param(s));
    let case = |b: &mut FunctionBuilder,
                values: Vec<i64>,
                is_default: bool,
                add: i32,
                fallthrough: bool| {
        let body = b.block(|b| {
            let cur = b.load(Place::local(r));
            let k = b.i32(add);
            let n = b.add(cur, k);
            b.store(Place::local(r), n);
            if !fallthrough {
                b.brk();
            }
        });
        SwitchCase {
            values,
            is_default,
            body,
            fallthrough,
        }
    };
    let cases = vec![
        case(&mut b, vec![1], false, 1, true),
        case(&mut b, vec![2, 3], false, 10, false),
        case(&mut b, vec![], true, 100, false),
    ];
    b.switch(sel, cases);
    let v = b.load(Place::local(r));
    b.ret(Some(v));
    let f = b.finish().unwrap();
    let mut out = String::new();
    for s in [1, 2, 3, 7] {
        out.push_str(&format!(
            "{s}: {}\n",
            show(call(&m, f, vec![Value::I32(s)]))
        ));
    }
    assert_eq!(verify(&m), Ok(()));
    expect![[r#"
        1: 11 []
        2: 10 []
        3: 10 []
        7: 100 []
    "#]]
    .assert_eq(&out);
}

#[test]
fn calls_copy_in_and_out_and_write_struct_fields_and_vector_components() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let v3 = m.types.vector(Scalar::F32, 3);
    let st = m.types.add_struct("S", vec![("v", v3), ("w", f32t)]);
    let void = m.types.void();
    // void g(inout S s, out float o) { s.v.y = s.w; o = 5; }
    let mut b = FunctionBuilder::new(&mut m, "g", void);
    let s = b.param("s", st, ParamDir::InOut);
    let o = b.param("o", f32t, ParamDir::Out);
    let w = b.load(Place::param(s).field(1));
    b.store(Place::param(s).field(0).index(1), w);
    let five = b.f32(5.0);
    b.store(Place::param(o), five);
    b.ret(None);
    let g = b.finish().unwrap();
    // float h(S s) { float o; g(s, o); return s.v.y * o; }
    let mut b = FunctionBuilder::new(&mut m, "h", f32t);
    let s = b.param("s", st, ParamDir::In);
    let o = b.local("o", f32t);
    b.call(
        g,
        vec![Arg::Place(Place::param(s)), Arg::Place(Place::local(o))],
    );
    let y = b.load(Place::param(s).field(0).index(1));
    let ov = b.load(Place::local(o));
    let r = b.mul(y, ov);
    b.ret(Some(r));
    let h = b.finish().unwrap();
    let arg = Value::Composite(vec![f32v(&[1.0, 2.0, 3.0]), Value::F32(7.0)]);
    check(
        &m,
        g,
        vec![arg.clone(), Value::F32(0.0)],
        expect!["void [((1.0, 7.0, 3.0), 7.0), 5.0]"],
    );
    check(&m, h, vec![arg], expect!["35.0 []"]);
}

#[test]
fn vector_matrix_ops_and_math_library() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let v2 = m.types.vector(Scalar::F32, 2);
    let v3 = m.types.vector(Scalar::F32, 3);
    let m23 = m.types.matrix(Scalar::F32, 2, 3);
    let out_t = m.types.array(f32t, 12);
    let mut b = FunctionBuilder::new(&mut m, "f", out_t);
    let pm = b.param("m", m23, ParamDir::In);
    let pv = b.param("v", v3, ParamDir::In);
    let mv = b.load(Place::param(pm));
    let vv = b.load(Place::param(pv));
    let mul = b.math(MathFn::Mul, &[mv, vv]);
    let row = b.extract(mv, 1);
    let dot = b.math(MathFn::Dot, &[row, vv]);
    let cross = b.math(MathFn::Cross, &[row, vv]);
    let len = b.math(MathFn::Length, &[vv]);
    let t = b.math(MathFn::Transpose, &[mv]);
    let two = b.f32(2.0);
    let w = b.construct(v2, vec![two, dot]);
    let vm = b.math(MathFn::Mul, &[w, mv]);
    let half = b.f32(0.5);
    let sm = b.math(MathFn::SmoothStep, &[len, dot, half]);
    let idx = b.u32(2);
    let dyn_e = b.extract_dyn(vm, idx);
    let sw = b.swizzle(cross, &[2, 0]);
    let sw0 = b.extract(sw, 0);
    let t0 = b.extract(t, 2);
    let t01 = b.extract(t0, 1);
    let items = vec![
        b.extract(mul, 0),
        b.extract(mul, 1),
        dot,
        b.extract(cross, 0),
        b.extract(cross, 1),
        sw0,
        len,
        t01,
        dyn_e,
        b.extract(vm, 0),
        sm,
        b.math(MathFn::Atan2, &[dot, len]),
    ];
    let r = b.construct(out_t, items);
    b.ret(Some(r));
    let f = b.finish().unwrap();
    let mat = Value::Composite(vec![f32v(&[1.0, 2.0, 3.0]), f32v(&[4.0, 5.0, 6.0])]);
    check(
        &m,
        f,
        vec![mat, f32v(&[1.0, 0.0, -1.0])],
        expect![
            "(-2.0, -2.0, -2.0, -5.0, 10.0, -5.0, 1.4142135, 6.0, -6.0, -6.0, 0.1767001, -0.9553166) []"
        ],
    );
}

/// asinh / acosh / atanh on a scalar and elementwise on a vector.
#[test]
fn inverse_hyperbolic_functions() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let v2 = m.types.vector(Scalar::F32, 2);
    let out_t = m.types.array(f32t, 4);
    let mut b = FunctionBuilder::new(&mut m, "f", out_t);
    let px = b.param("x", f32t, ParamDir::In);
    let pv = b.param("v", v2, ParamDir::In);
    let x = b.load(Place::param(px));
    let v = b.load(Place::param(pv));
    let asinh = b.math(MathFn::Asinh, &[x]);
    let atanh = b.math(MathFn::Atanh, &[x]);
    let acosh = b.math(MathFn::Acosh, &[v]);
    let items = vec![asinh, atanh, b.extract(acosh, 0), b.extract(acosh, 1)];
    let r = b.construct(out_t, items);
    b.ret(Some(r));
    let f = b.finish().unwrap();
    check(
        &m,
        f,
        vec![Value::F32(0.5), f32v(&[1.0, 2.0])],
        expect!["(0.4812118, 0.54930615, 0.0, 1.316958) []"],
    );
}

#[test]
fn errors_are_values() {
    let (m, f) = loop_module();
    expect!["error: bad arguments: sum takes 3 arguments, got 1"].assert_eq(&show(call(
        &m,
        f,
        vec![Value::I32(1)],
    )));
    expect!["error: unknown function #9"].assert_eq(&show(call(&m, FuncId(9), vec![])));
    // Arguments of the wrong shape are reported, not panicked on.
    expect!["error: malformed IR: indexing a scalar"].assert_eq(&show(call(
        &m,
        f,
        vec![Value::F32(1.0), Value::I32(1), Value::I32(0)],
    )));
}

#[test]
fn runaway_recursion_is_an_error() {
    let mut m = Module::new();
    let i32t = m.types.i32();
    let id = m.declare_function(
        "r",
        vec![Param {
            name: "x".into(),
            ty: i32t,
            dir: ParamDir::In,
        }],
        i32t,
    );
    let mut b = FunctionBuilder::for_declared(&mut m, id);
    let x = b.load(Place::param(0));
    let r = b.call(id, vec![Arg::Value(x)]);
    b.ret(Some(r));
    b.finish().unwrap();
    check(
        &m,
        id,
        vec![Value::I32(0)],
        expect!["error: call depth limit reached"],
    );
}

#[test]
fn buffers_and_atomics() {
    let mut m = Module::new();
    let u32t = m.types.u32();
    let buf = m.add_global(
        "buf",
        u32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let mut b = FunctionBuilder::new(&mut m, "f", u32t);
    let i = b.param("i", u32t, ParamDir::In);
    let iv = b.load(Place::param(i));
    let three = b.u32(3);
    let old = b.atomic(AtomicOp::Add, Place::global(buf).dynamic(iv), three, None);
    let len = b.array_length(buf);
    let r = b.add(old, len);
    b.ret(Some(r));
    let f = b.finish().unwrap();
    assert_eq!(verify(&m), Ok(()));
    let mut machine = Machine::new(&m);
    machine
        .set_global(buf, Value::Composite(vec![Value::U32(10), Value::U32(20)]))
        .unwrap();
    let r = machine.call(f, vec![Value::U32(1)]).unwrap();
    expect!["22u (10u, 23u)"].assert_eq(&format!("{} {}", r.0, machine.global(buf).unwrap()));
}

#[test]
fn half_conversions_round_to_nearest_even() {
    use interp::value::{f16_bits_to_f32, f32_to_f16_bits};
    let xs = [1.0f32, 65504.0, 70000.0, 1e-7, 0.1, -2.5, f32::NAN];
    let out: Vec<String> = xs
        .iter()
        .map(|&x| {
            let h = f32_to_f16_bits(x);
            format!("{x}->{h:#06x}->{}", f16_bits_to_f32(h))
        })
        .collect();
    expect![[r#"["1->0x3c00->1", "65504->0x7bff->65504", "70000->0x7c00->inf", "0.0000001->0x0002->0.00000011920929", "0.1->0x2e66->0.099975586", "-2.5->0xc100->-2.5", "NaN->0x7e00->NaN"]"#]]
        .assert_eq(&format!("{out:?}"));
}

#[test]
fn splat_fills_matrices() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let m23 = m.types.matrix(Scalar::F32, 2, 3);
    let mut b = FunctionBuilder::new(&mut m, "s", m23);
    let x = b.param("x", f32t, ParamDir::In);
    let xv = b.load(Place::param(x));
    let r = b.splat(m23, xv);
    b.ret(Some(r));
    let f = b.finish().unwrap();
    check(
        &m,
        f,
        vec![Value::F32(2.5)],
        expect!["((2.5, 2.5, 2.5), (2.5, 2.5, 2.5)) []"],
    );
}
