use expect_test::{Expect, expect};
use ir::*;

fn check_print(m: &Module, expect: Expect) {
    expect.assert_eq(&print_module(m));
}

/// `float f(float x, inout float acc) { for (int i = 0; i < 4; i++) { acc += x * i; } return acc; }`
fn loop_module() -> Module {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let i32t = m.types.i32();
    let mut b = FunctionBuilder::new(&mut m, "f", f32t);
    let x = b.param("x", f32t, ParamDir::In);
    let acc = b.param("acc", f32t, ParamDir::InOut);
    let i = b.local("i", i32t);
    let zero = b.i32(0);
    b.store(Place::local(i), zero);
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
            let xv = b.load(Place::param(x));
            let fi = b.convert(iv, Scalar::F32);
            let prod = b.mul(xv, fi);
            let a = b.load(Place::param(acc));
            let sum = b.add(a, prod);
            b.store(Place::param(acc), sum);
        },
        |b| {
            let iv = b.load(Place::local(i));
            let one = b.i32(1);
            let next = b.add(iv, one);
            b.store(Place::local(i), next);
            None
        },
    );
    let r = b.load(Place::param(acc));
    b.ret(Some(r));
    b.finish().unwrap();
    m
}

#[test]
fn prints_and_verifies_a_loop() {
    let m = loop_module();
    assert_eq!(verify(&m), Ok(()));
    check_print(
        &m,
        expect![[r#"

            fn f(x: float, inout acc: float) -> float {
              local i: int
              %0: int = 0
              store $i, %0
              loop [MaxIters(4)] {
                %1: int = load $i
                %2: int = 4
                %3: bool = lt %1, %2
                if %3 {
                } else {
                  break
                }
                %4: float = load $x
                %5: float = convert.float %1
                %6: float = mul %4, %5
                %7: float = load $acc
                %8: float = add %7, %6
                store $acc, %8
              } continuing {
                %9: int = load $i
                %10: int = 1
                %11: int = add %9, %10
                store $i, %11
              }
              %12: float = load $acc
              return %12
            }
        "#]],
    );
}

#[test]
fn module_level_items_print() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let u32t = m.types.u32();
    let v3 = m.types.vector(Scalar::F32, 3);
    let arr = m.types.array(f32t, 2);
    let s = m
        .types
        .add_struct("Particle", vec![("pos", v3), ("mass", f32t)]);
    let out = m.add_global(
        "outputBuffer",
        s,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    m.add_global(
        "input",
        f32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::Read,
        },
    );
    m.add_global("cache", arr, GlobalKind::Groupshared);
    m.add_global(
        "weights",
        arr,
        GlobalKind::Constant(ConstValue::Composite(vec![
            ConstValue::Literal(Literal::F32(0.5)),
            ConstValue::Literal(Literal::F32(2.0)),
        ])),
    );
    let uv3 = m.types.vector(Scalar::U32, 3);
    let void = m.types.void();
    let mut b = FunctionBuilder::new(&mut m, "main", void);
    let tid = b.param("tid", uv3, ParamDir::In);
    let t = b.load(Place::param(tid));
    let tx = b.swizzle(t, &[0]);
    let one = b.f32(1.0);
    let p = b.print("x = %f, i = %u\n", &[one, tx]);
    let _ = p;
    b.store(Place::global(out).dynamic(tx).field(1), one);
    let _ = u32t;
    let id = b.finish().unwrap();
    m.add_entry_point(
        "computeMain",
        id,
        [64, 1, 1],
        vec![Builtin::DispatchThreadId],
    );
    assert_eq!(verify(&m), Ok(()));
    check_print(
        &m,
        expect![[r#"
            struct Particle {
              pos: float3,
              mass: float,
            }
            global buffer(read_write) outputBuffer: Particle
            global buffer(read) input: float
            global groupshared cache: float[2]
            global const weights: float[2] = {0.5, 2.0}
            print_format 0 "x = %f, i = %u\n"
            entry computeMain = main workgroup_size(64, 1, 1) (SV_DispatchThreadID)

            fn main(tid: uint3) -> void {
              %0: uint3 = load $tid
              %1: uint = swizzle %0.x
              %2: float = 1.0
              %3: void = print 0 (%2, %1)
              store @outputBuffer[%1].mass, %2
            }
        "#]],
    );
}

#[test]
fn verifier_reports_type_scope_and_control_flow_errors() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let i32t = m.types.i32();
    let mut b = FunctionBuilder::new(&mut m, "bad", f32t);
    let c = b.bool(true);
    let mut inner = None;
    b.if_(c, |b| inner = Some(b.f32(1.0)), |_| {});
    let one = b.i32(1);
    // Mixed operand types, out-of-scope use, break outside a loop, wrong return type.
    let x = b.add(one, inner.unwrap());
    let _ = x;
    b.brk();
    b.ret(Some(one));
    let errors = b.finish().unwrap_err();
    let _ = i32t;
    expect![[r#"
        [
            "in bad: add: operand types differ (int vs float)",
        ]
    "#]]
    .assert_debug_eq(&errors);
    expect![[r#"
        Err(
            [
                "in bad: %1 used where it is not in scope",
                "in bad: %3: add: operand types differ (int vs float)",
                "in bad: break outside a loop or switch",
                "in bad: return value does not have type float",
            ],
        )
    "#]]
    .assert_debug_eq(&verify(&m));
}

#[test]
fn folding_and_dead_code_elimination() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let mut b = FunctionBuilder::new(&mut m, "g", f32t);
    let x = b.param("x", f32t, ParamDir::In);
    let two = b.i32(2);
    let three = b.i32(3);
    let six = b.binary(BinaryOp::Mul, two, three);
    let six_f = b.convert(six, Scalar::F32);
    let unused = b.f32(42.0);
    let _ = b.math(MathFn::Sin, &[unused]);
    let xv = b.load(Place::param(x));
    let r = b.mul(xv, six_f);
    b.ret(Some(r));
    let dead = b.f32(7.0);
    let _ = dead;
    b.finish().unwrap();
    passes::fold_constants(&mut m);
    passes::remove_unreachable(&mut m);
    passes::eliminate_dead_code(&mut m);
    assert_eq!(verify(&m), Ok(()));
    check_print(
        &m,
        expect![[r#"

            fn g(x: float) -> float {
              %3: float = 6.0
              %6: float = load $x
              %7: float = mul %6, %3
              return %7
            }
        "#]],
    );
}
