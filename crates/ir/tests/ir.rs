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

#[test]
fn verifier_checks_control_flow_placement_switches_and_entry_points() {
    let mut m = Module::new();
    let i32t = m.types.i32();
    let f32t = m.types.f32();
    let void = m.types.void();
    let ro = m.add_global(
        "input",
        f32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::Read,
        },
    );
    m.types.intern(TypeKind::Vector {
        scalar: Scalar::F32,
        size: 5,
    });
    m.types.array(f32t, 0);
    m.add_global("input", f32t, GlobalKind::Groupshared);
    m.add_global(
        "k",
        i32t,
        GlobalKind::Constant(ConstValue::Literal(Literal::F32(1.0))),
    );
    let mut b = FunctionBuilder::new(&mut m, "cf", void);
    let p = b.param("p", f32t, ParamDir::InOut);
    let zero = b.i32(0);
    b.loop_(
        LoopAttrs::default(),
        |b| {
            let one = b.i32(1);
            let ok_case = b.block(|b| b.brk()); // break inside a switch: fine
            let dup = b.block(|_| {});
            b.switch(
                one,
                vec![
                    SwitchCase {
                        values: vec![1],
                        is_default: true,
                        body: ok_case,
                        fallthrough: false,
                    },
                    SwitchCase {
                        values: vec![1],
                        is_default: true,
                        body: dup,
                        fallthrough: true,
                    },
                ],
            );
        },
        |b| {
            b.cont();
            b.brk();
            b.ret(None);
            None
        },
    );
    let x = b.load(Place::global(ro).index(0));
    b.store(Place::global(ro).index(0), x);
    b.store(Place::param(p), x);
    b.ret(Some(zero));
    b.finish().unwrap();
    let mut b = FunctionBuilder::new(&mut m, "caller", void);
    let cf = FuncId(0);
    let y = b.f32(1.0);
    // An inout parameter needs a place, not a value.
    b.call(cf, vec![Arg::Value(y)]);
    let id = b.finish().unwrap_err();
    let _ = id;
    m.add_entry_point("main", cf, [0, 1, 1], vec![]);
    expect![[r#"
        Err(
            [
                "type float5 has invalid dimensions",
                "type float[0] has invalid dimensions",
                "global input: duplicate name",
                "global k: constant F32(1.0) does not have type int",
                "in cf: duplicate case value 1",
                "in cf: more than one default case",
                "in cf: the last switch case cannot fall through",
                "in cf: continue inside a continuing block",
                "in cf: break inside a continuing block",
                "in cf: return inside a continuing block",
                "in cf: store to a read-only buffer",
                "in cf: return value does not have type void",
                "in caller: %1: call to cf: argument 0 has the wrong direction",
                "entry point main: workgroup size must be positive",
                "entry point main: every parameter needs a builtin",
            ],
        )
    "#]]
    .assert_debug_eq(&verify(&m));
}

#[test]
fn verifier_rejects_values_defined_twice_or_used_across_branches() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let mut b = FunctionBuilder::new(&mut m, "twice", f32t);
    let c = b.bool(false);
    let one = b.f32(1.0);
    b.ret(Some(one));
    b.finish().unwrap();
    // Hand-edit the body: define %1 again inside a branch and return it after the branch.
    let f = &mut m.functions[0];
    f.body = vec![
        Stmt::Let(c),
        Stmt::If {
            cond: c,
            then_block: vec![Stmt::Let(one)],
            else_block: vec![Stmt::Let(one)],
        },
        Stmt::Return(Some(one)),
    ];
    expect![[r#"
        Err(
            [
                "in twice: %1 is defined twice",
                "in twice: %1 used where it is not in scope",
            ],
        )
    "#]]
    .assert_debug_eq(&verify(&m));
}

#[test]
fn printer_shows_switches_calls_atomics_and_places() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let i32t = m.types.i32();
    let void = m.types.void();
    let v2 = m.types.vector(Scalar::F32, 2);
    let inner = m.types.add_struct("Inner", vec![("v", v2)]);
    let arr = m.types.array(inner, 4);
    let outer = m
        .types
        .add_struct("Outer", vec![("items", arr), ("count", i32t)]);
    let buf = m.add_global(
        "data",
        outer,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let counter = m.add_global(
        "counter",
        i32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let mut b = FunctionBuilder::new(&mut m, "update", void);
    b.param("value", f32t, ParamDir::InOut);
    b.param("old", f32t, ParamDir::Out);
    let update = b.finish().unwrap();
    let mut b = FunctionBuilder::new(&mut m, "main", void);
    let i = b.param("i", i32t, ParamDir::In);
    let iv = b.load(Place::param(i));
    let tmp = b.local("tmp", f32t);
    let place = Place::global(buf)
        .index(0)
        .field(0)
        .dynamic(iv)
        .field(0)
        .index(1);
    b.call(
        update,
        vec![Arg::Place(place.clone()), Arg::Place(Place::local(tmp))],
    );
    let one = b.i32(1);
    let old = b.atomic(
        AtomicOp::CompareExchange,
        Place::global(counter).index(0),
        one,
        Some(iv),
    );
    let lits = [
        b.literal(Literal::U32(3)),
        b.literal(Literal::I64(-4)),
        b.literal(Literal::U64(5)),
        b.literal(Literal::F16(0.5)),
        b.literal(Literal::F64(0.25)),
    ];
    let _ = lits;
    let len = b.array_length(counter);
    let ul = b.convert(len, Scalar::I32);
    let body0 = b.block(|b| b.barrier(BarrierKind::Group));
    let body1 = b.block(|b| b.brk());
    b.switch(
        old,
        vec![
            SwitchCase {
                values: vec![0, 1],
                is_default: false,
                body: body0,
                fallthrough: true,
            },
            SwitchCase {
                values: vec![],
                is_default: true,
                body: body1,
                fallthrough: false,
            },
        ],
    );
    let v = b.load(place);
    let n = b.unary(UnaryOp::Neg, v);
    let bits = b.bitcast(n, Scalar::U32);
    let _ = (bits, ul);
    b.finish().unwrap();
    assert_eq!(verify(&m), Ok(()));
    check_print(
        &m,
        expect![[r#"
        struct Inner {
          v: float2,
        }
        struct Outer {
          items: Inner[4],
          count: int,
        }
        global buffer(read_write) data: Outer
        global buffer(read_write) counter: int

        fn update(inout value: float, out old: float) -> void {
        }

        fn main(i: int) -> void {
          local tmp: float
          %0: int = load $i
          %1: void = call update(inout @data[0].items[%0].v[1], out $tmp)
          %2: int = 1
          %3: int = atomic.compare_exchange @counter[0], %2, %0
          %4: uint = 3u
          %5: int64_t = -4ll
          %6: uint64_t = 5ull
          %7: half = 0.5h
          %8: double = 0.25l
          %9: uint = array_length @counter
          %10: int = convert.int %9
          switch %3 {
            case 0, case 1: fallthrough {
              barrier Group
            }
            default: {
              break
            }
          }
          %11: float = load @data[0].items[%0].v[1]
          %12: float = neg %11
          %13: uint = bitcast.uint %12
        }
    "#]],
    );
}

#[test]
fn unreachable_code_and_dead_values_are_removed_but_effects_stay() {
    let mut m = Module::new();
    let i32t = m.types.i32();
    let void = m.types.void();
    let counter = m.add_global(
        "counter",
        i32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let mut b = FunctionBuilder::new(&mut m, "effects", void);
    let one = b.i32(1);
    let zero = b.i32(0);
    let q = b.div(one, zero); // not folded: division by zero is left to the target
    b.store(Place::global(counter).index(1), q);
    let c = b.bool(true);
    b.if_(
        c,
        |b| {
            let _kept = b.atomic(AtomicOp::Add, Place::global(counter).index(0), one, None);
            b.ret(None);
            let _gone = b.i32(9);
        },
        |_| {},
    );
    b.finish().unwrap();
    passes::fold_constants(&mut m);
    passes::remove_unreachable(&mut m);
    passes::eliminate_dead_code(&mut m);
    assert_eq!(verify(&m), Ok(()));
    check_print(
        &m,
        expect![[r#"
        global buffer(read_write) counter: int

        fn effects() -> void {
          %0: int = 1
          %1: int = 0
          %2: int = div %0, %1
          store @counter[1], %2
          %3: bool = true
          if %3 {
            %4: int = atomic.add @counter[0], %0
            return
          }
        }
    "#]],
    );
}

#[test]
fn declared_functions_allow_calls_before_bodies() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let even = m.declare_function(
        "isEvenish",
        vec![Param {
            name: "x".into(),
            ty: f32t,
            dir: ParamDir::In,
        }],
        f32t,
    );
    let mut b = FunctionBuilder::new(&mut m, "caller", f32t);
    let x = b.f32(2.0);
    let r = b.call(even, vec![Arg::Value(x)]);
    b.ret(Some(r));
    b.finish().unwrap();
    let mut b = FunctionBuilder::for_declared(&mut m, even);
    let xv = b.load(Place::param(0));
    let h = b.f32(0.5);
    let r = b.mul(xv, h);
    b.ret(Some(r));
    b.finish().unwrap();
    assert_eq!(verify(&m), Ok(()));
    check_print(
        &m,
        expect![[r#"

        fn isEvenish(x: float) -> float {
          %0: float = load $x
          %1: float = 0.5
          %2: float = mul %0, %1
          return %2
        }

        fn caller() -> float {
          %0: float = 2.0
          %1: float = call isEvenish(%0)
          return %1
        }
    "#]],
    );
}

#[test]
fn rewriting_a_body_keeps_value_ids() {
    let mut m = loop_module();
    let f = m.find_function("f").unwrap();
    let old_body = m.functions[f.0 as usize].body.clone();
    let mut b = FunctionBuilder::for_declared(&mut m, f);
    // Keep the first two statements, then return twice the parameter instead of the loop.
    for s in old_body.iter().take(2) {
        b.push_stmt(s.clone());
    }
    let x = b.load(Place::param(0));
    let two = b.f32(2.0);
    let r = b.mul(x, two);
    b.ret(Some(r));
    assert_eq!(b.func().locals.len(), 1);
    b.finish().unwrap();
    passes::eliminate_dead_code(&mut m);
    assert_eq!(verify(&m), Ok(()));
    check_print(
        &m,
        expect![[r#"

        fn f(x: float, inout acc: float) -> float {
          local i: int
          %0: int = 0
          store $i, %0
          %13: float = load $x
          %14: float = 2.0
          %15: float = mul %13, %14
          return %15
        }
    "#]],
    );
}

/// `for (uint i = 0; i < 3; i++)`: the front end converts the int literals to uint, and the trip
/// count still reads through those conversions.
#[test]
fn trip_count_reads_through_converted_literals() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let u32t = m.types.u32();
    let mut b = FunctionBuilder::new(&mut m, "f", f32t);
    let i = b.local("i", u32t);
    let zero = b.i32(0);
    let zero_u = b.convert(zero, Scalar::U32);
    b.store(Place::local(i), zero_u);
    b.loop_(
        LoopAttrs::default(),
        |b| {
            let iv = b.load(Place::local(i));
            let three = b.i32(3);
            let three_u = b.convert(three, Scalar::U32);
            let more = b.lt(iv, three_u);
            b.if_(more, |_| {}, |b| b.brk());
        },
        |b| {
            let iv = b.load(Place::local(i));
            let one = b.u32(1);
            let next = b.add(iv, one);
            b.store(Place::local(i), next);
            None
        },
    );
    let r = b.f32(0.0);
    b.ret(Some(r));
    b.finish().unwrap();
    let f = &m.functions[0];
    let at = f
        .body
        .iter()
        .position(|s| matches!(s, Stmt::Loop { .. }))
        .unwrap();
    let Stmt::Loop {
        body, continuing, ..
    } = &f.body[at]
    else {
        unreachable!()
    };
    let count = passes_unroll::trip_count(&f.values, &f.body[..at], body, continuing);
    assert_eq!(count, Some(3));
}
