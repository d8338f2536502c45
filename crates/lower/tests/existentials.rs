//! Interface values: static specialisation where the concrete type is known (parameters,
//! results, locals), `[mutating]` and static requirements through interface values, generic
//! structs conforming to generic interfaces, associated types of interface values.

use expect_test::expect;

mod common;
use common::check;

#[test]
fn interface_parameter_takes_the_argument_type() {
    // `Scale<2>` is generic: no type id could be given, and none is needed.
    check(
        r#"
interface IOp { int apply(int x); }
struct Scale<let N : int> : IOp { int apply(int x) { return x * N; } }
int run(IOp op, int x) { return op.apply(x); }
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    Scale<2> s;
    outputBuffer[0] = run(s, 5);
}
"#,
        expect![[r#"
            struct Scale_2 {
              _empty: uint,
            }
            struct IOp_Scale_2_ {
              tag: uint,
              value: Scale_2,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local s: Scale_2
              %0: int = 0
              %1: Scale_2 = load $s
              %2: uint = 0u
              %3: IOp_Scale_2_ = construct %2, %1
              %4: int = 5
              %5: int = call run_Scale_2_(%3, %4)
              store @outputBuffer[%0], %5
            }

            fn run_Scale_2_(op: IOp_Scale_2_, x: int) -> int {
              local dispatch: int
              %0: IOp_Scale_2_ = load $op
              %1: int = load $x
              %2: uint = extract %0, 0
              %3: Scale_2 = extract %0, 1
              %4: int = call Scale_apply(%3, %1)
              store $dispatch, %4
              %5: int = load $dispatch
              return %5
            }

            fn Scale_apply(this: Scale_2, x: int) -> int {
              %0: int = load $x
              %1: int = 2
              %2: int = mul %0, %1
              return %2
            }
        "#]],
    );
}

#[test]
fn interface_result_takes_the_returned_type() {
    check(
        r#"
interface IOp { int apply(int x); }
struct Add<let N : int> : IOp { int k; int apply(int x) { return x + k + N; } }
IOp make(int k) { return Add<1>(k); }
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    IOp op = make(3);
    outputBuffer[0] = op.apply(5);
}
"#,
        expect![[r#"
            struct Add_1 {
              k: int,
            }
            struct IOp_Add_1_ {
              tag: uint,
              value: Add_1,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local op: IOp_Add_1_
              local dispatch: int
              %0: int = 3
              %1: IOp_Add_1_ = call make(%0)
              store $op, %1
              %2: int = 0
              %3: IOp_Add_1_ = load $op
              %4: int = 5
              %5: uint = extract %3, 0
              %6: Add_1 = extract %3, 1
              %7: int = call Add_apply(%6, %4)
              store $dispatch, %7
              %8: int = load $dispatch
              store @outputBuffer[%2], %8
            }

            fn make(k: int) -> IOp_Add_1_ {
              %0: int = load $k
              %1: Add_1 = construct %0
              %2: uint = 0u
              %3: IOp_Add_1_ = construct %2, %1
              return %3
            }

            fn Add_apply(this: Add_1, x: int) -> int {
              %0: int = load $x
              %1: int = load $this.k
              %2: int = add %0, %1
              %3: int = 1
              %4: int = add %2, %3
              return %4
            }
        "#]],
    );
}

#[test]
fn mutating_and_static_requirements_dispatch_on_the_tag() {
    check(
        r#"
interface ICounter { static int kind(); [mutating] void bump(); int get(); }
struct One : ICounter { int n; static int kind() { return 1; } [mutating] void bump() { n += 1; } int get() { return n; } }
struct Two : ICounter { int n; static int kind() { return 2; } [mutating] void bump() { n += 2; } int get() { return n; } }
ICounter pick(int i) { if (i == 0) return One(0); return Two(0); }
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    var c = pick(int(tid.x));
    c.bump();
    outputBuffer[0] = c.get() + c.kind();
}
"#,
        expect![[r#"
            struct One {
              n: int,
            }
            struct ICounter_One {
              tag: uint,
              value: One,
            }
            struct Two {
              n: int,
            }
            struct ICounter_dyn {
              tag: uint,
              One: One,
              Two: Two,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local c: ICounter_dyn
              local this: One
              local this: Two
              local dispatch: int
              local dispatch: int
              %0: uint = load $tid[0]
              %1: int = convert.int %0
              %2: ICounter_dyn = call pick(%1)
              store $c, %2
              %3: ICounter_dyn = load $c
              %4: uint = extract %3, 0
              switch %4 {
                case 0: {
                  %5: One = extract %3, 1
                  store $this, %5
                  %6: void = call One_bump(inout $this)
                  %7: One = load $this
                  %8: uint = extract %3, 0
                  %9: Two = extract %3, 2
                  %10: ICounter_dyn = construct %8, %7, %9
                  store $c, %10
                }
                case 1, default: {
                  %11: Two = extract %3, 2
                  store $this, %11
                  %12: void = call Two_bump(inout $this)
                  %13: Two = load $this
                  %14: uint = extract %3, 0
                  %15: One = extract %3, 1
                  %16: ICounter_dyn = construct %14, %15, %13
                  store $c, %16
                }
              }
              %17: int = 0
              %18: ICounter_dyn = load $c
              %19: uint = extract %18, 0
              switch %19 {
                case 0: {
                  %20: One = extract %18, 1
                  %21: int = call One_get(%20)
                  store $dispatch, %21
                }
                case 1, default: {
                  %22: Two = extract %18, 2
                  %23: int = call Two_get(%22)
                  store $dispatch, %23
                }
              }
              %24: int = load $dispatch
              %25: ICounter_dyn = load $c
              %26: uint = extract %25, 0
              switch %26 {
                case 0: {
                  %27: int = call One_kind()
                  store $dispatch, %27
                }
                case 1, default: {
                  %28: int = call Two_kind()
                  store $dispatch, %28
                }
              }
              %29: int = load $dispatch
              %30: int = add %24, %29
              store @outputBuffer[%17], %30
            }

            fn pick(i: int) -> ICounter_dyn {
              %0: int = load $i
              %1: int = 0
              %2: bool = eq %0, %1
              if %2 {
                %3: int = 0
                %4: One = construct %3
                %5: uint = 0u
                %6: Two = zero
                %7: ICounter_dyn = construct %5, %4, %6
                return %7
              }
              %8: int = 0
              %9: Two = construct %8
              %10: uint = 1u
              %11: One = zero
              %12: ICounter_dyn = construct %10, %11, %9
              return %12
            }

            fn One_bump(inout this: One) -> void {
              %0: int = 1
              %1: int = load $this.n
              %2: int = add %1, %0
              store $this.n, %2
            }

            fn Two_bump(inout this: Two) -> void {
              %0: int = 2
              %1: int = load $this.n
              %2: int = add %1, %0
              store $this.n, %2
            }

            fn One_get(this: One) -> int {
              %0: int = load $this.n
              return %0
            }

            fn Two_get(this: Two) -> int {
              %0: int = load $this.n
              return %0
            }

            fn One_kind() -> int {
              %0: int = 1
              return %0
            }

            fn Two_kind() -> int {
              %0: int = 2
              return %0
            }
        "#]],
    );
}

#[test]
fn generic_structs_are_cases_of_a_generic_interface() {
    check(
        r#"
interface ICalc<T> { T calc(T x); }
struct Twice<T : IFloat> : ICalc<T> { T calc(T x) { return x + x; } }
struct Same<T : IFloat> : ICalc<T> { T calc(T x) { return x; } }
ICalc<T> pick<T : IFloat>(uint i) { if (i == 0) return Twice<T>(); return Same<T>(); }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    let c = pick<float>(tid.x);
    outputBuffer[0] = c.calc(2.0);
}
"#,
        expect![[r#"
            struct Twice_float {
              _empty: uint,
            }
            struct ICalc_Twice_float_ {
              tag: uint,
              value: Twice_float,
            }
            struct Same_float {
              _empty: uint,
            }
            struct ICalc_dyn {
              tag: uint,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local c: ICalc_dyn
              local dispatch: float
              %0: uint = load $tid[0]
              %1: ICalc_dyn = call pick_float(%0)
              store $c, %1
              %2: int = 0
              %3: ICalc_dyn = load $c
              %4: float = 2.0
              %5: uint = extract %3, 0
              switch %5 {
                case 0: {
                  %6: Twice_float = zero
                  %7: float = call Twice_calc(%6, %4)
                  store $dispatch, %7
                }
                case 1, default: {
                  %8: Same_float = zero
                  %9: float = call Same_calc(%8, %4)
                  store $dispatch, %9
                }
              }
              %10: float = load $dispatch
              store @outputBuffer[%2], %10
            }

            fn pick_float(i: uint) -> ICalc_dyn {
              %0: uint = load $i
              %1: int = 0
              %2: uint = convert.uint %1
              %3: bool = eq %0, %2
              if %3 {
                %4: uint = zero
                %5: Twice_float = construct %4
                %6: uint = 0u
                %7: ICalc_dyn = construct %6
                return %7
              }
              %8: uint = zero
              %9: Same_float = construct %8
              %10: uint = 1u
              %11: ICalc_dyn = construct %10
              return %11
            }

            fn Twice_calc(this: Twice_float, x: float) -> float {
              %0: float = load $x
              %1: float = load $x
              %2: float = add %0, %1
              return %2
            }

            fn Same_calc(this: Same_float, x: float) -> float {
              %0: float = load $x
              return %0
            }
        "#]],
    );
}

#[test]
fn generic_call_opens_an_interface_value() {
    check(
        r#"
interface IShape { static float unit(); }
struct Sq : IShape { static float unit() { return 1.0; } }
struct Tri : IShape { static float unit() { return 0.5; } }
float unitOf<T : IShape>(T s) { return T::unit(); }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    IShape s;
    if (tid.x == 0) s = Sq(); else s = Tri();
    outputBuffer[0] = unitOf(s);
}
"#,
        expect![[r#"
            struct Sq {
              _empty: uint,
            }
            struct Tri {
              _empty: uint,
            }
            struct IShape_dyn {
              tag: uint,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local s: IShape_dyn
              local opened: float
              %0: uint = load $tid[0]
              %1: int = 0
              %2: uint = convert.uint %1
              %3: bool = eq %0, %2
              if %3 {
                %4: uint = zero
                %5: Sq = construct %4
                %6: uint = 0u
                %7: IShape_dyn = construct %6
                store $s, %7
              } else {
                %8: uint = zero
                %9: Tri = construct %8
                %10: uint = 1u
                %11: IShape_dyn = construct %10
                store $s, %11
              }
              %12: int = 0
              %13: IShape_dyn = load $s
              %18: uint = extract %13, 0
              switch %18 {
                case 0: {
                  %14: Sq = zero
                  %15: float = call unitOf_Sq(%14)
                  store $opened, %15
                }
                case 1, default: {
                  %16: Tri = zero
                  %17: float = call unitOf_Tri(%16)
                  store $opened, %17
                }
              }
              %19: float = load $opened
              store @outputBuffer[%12], %19
            }

            fn unitOf_Sq(s: Sq) -> float {
              %0: float = call Sq_unit()
              return %0
            }

            fn unitOf_Tri(s: Tri) -> float {
              %0: float = call Tri_unit()
              return %0
            }

            fn Tri_unit() -> float {
              %0: float = 0.5
              return %0
            }

            fn Sq_unit() -> float {
              %0: float = 1.0
              return %0
            }
        "#]],
    );
}

#[test]
fn associated_type_of_an_interface_value() {
    check(
        r#"
interface IMake { associatedtype Data; Data make(float q); float use(Data d); }
struct P { float a; float b; }
struct A : IMake { typealias Data = float; Data make(float q) { return q; } float use(Data d) { return d * 2.0; } }
struct B : IMake { typealias Data = P; Data make(float q) { return {q, 1.0}; } float use(Data d) { return d.a + d.b; } }
IMake pick(uint i) { if (i == 0) return A(); return B(); }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    let m = pick(tid.x);
    m.Data d = m.make(3.0);
    outputBuffer[0] = m.use(d);
}
"#,
        expect![[r#"
            struct A {
              _empty: uint,
            }
            struct IMake_A {
              tag: uint,
              value: A,
            }
            struct B {
              _empty: uint,
            }
            struct IMake_dyn {
              tag: uint,
            }
            struct P {
              a: float,
              b: float,
            }
            struct IMake_Data_dyn {
              tag: uint,
              case1: float,
              case2: P,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local m: IMake_dyn
              local dispatch: IMake_Data_dyn
              local d: IMake_Data_dyn
              local dispatch: float
              %0: uint = load $tid[0]
              %1: IMake_dyn = call pick(%0)
              store $m, %1
              %2: IMake_dyn = load $m
              %3: float = 3.0
              %4: uint = extract %2, 0
              switch %4 {
                case 0: {
                  %5: A = zero
                  %6: float = call A_make(%5, %3)
                  %7: uint = 0u
                  %8: float = zero
                  %9: P = zero
                  %10: IMake_Data_dyn = construct %7, %8, %9
                  %11: IMake_Data_dyn = insert %10, 1, %6
                  store $dispatch, %11
                }
                case 1, default: {
                  %12: B = zero
                  %13: P = call B_make(%12, %3)
                  %14: uint = 1u
                  %15: float = zero
                  %16: P = zero
                  %17: IMake_Data_dyn = construct %14, %15, %16
                  %18: IMake_Data_dyn = insert %17, 2, %13
                  store $dispatch, %18
                }
              }
              %19: IMake_Data_dyn = load $dispatch
              store $d, %19
              %20: int = 0
              %21: IMake_dyn = load $m
              %22: IMake_Data_dyn = load $d
              %23: uint = extract %21, 0
              switch %23 {
                case 0: {
                  %24: A = zero
                  %25: float = extract %22, 1
                  %26: float = call A_use(%24, %25)
                  store $dispatch, %26
                }
                case 1, default: {
                  %27: B = zero
                  %28: P = extract %22, 2
                  %29: float = call B_use(%27, %28)
                  store $dispatch, %29
                }
              }
              %30: float = load $dispatch
              store @outputBuffer[%20], %30
            }

            fn pick(i: uint) -> IMake_dyn {
              %0: uint = load $i
              %1: int = 0
              %2: uint = convert.uint %1
              %3: bool = eq %0, %2
              if %3 {
                %4: uint = zero
                %5: A = construct %4
                %6: uint = 0u
                %7: IMake_dyn = construct %6
                return %7
              }
              %8: uint = zero
              %9: B = construct %8
              %10: uint = 1u
              %11: IMake_dyn = construct %10
              return %11
            }

            fn A_make(this: A, q: float) -> float {
              %0: float = load $q
              return %0
            }

            fn B_make(this: B, q: float) -> P {
              %0: float = load $q
              %1: float = 1.0
              %2: P = construct %0, %1
              return %2
            }

            fn A_use(this: A, d: float) -> float {
              %0: float = load $d
              %1: float = 2.0
              %2: float = mul %0, %1
              return %2
            }

            fn B_use(this: B, d: P) -> float {
              %0: float = load $d.a
              %1: float = load $d.b
              %2: float = add %0, %1
              return %2
            }
        "#]],
    );
}

#[test]
fn run_time_choice_dispatches_on_the_given_type_ids() {
    // Assigned in both branches: the concrete type is known only at run time, so the value is
    // the interface's dynamic struct tagged with the `type_conformance` ids.
    let src = r#"
interface IShape { float area(); }
struct Square : IShape { float s; float area() { return s * s; } }
struct Unit : IShape { float area() { return 1.0; } }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    IShape shape = Unit();
    if (tid.x == 0)
        shape = Square(2.0);
    outputBuffer[0] = shape.area();
}
"#;
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    let conformance = |t: &str, id| lower::TypeConformance {
        type_name: t.into(),
        interface: "IShape".into(),
        id,
    };
    let options = lower::LowerOptions {
        entry: None,
        type_conformances: vec![conformance("Square", 7), conformance("Unit", 3)],
        ..lower::LowerOptions::default()
    };
    let module = lower::lower_program_with(&db, file, &options).expect("lowers");
    expect![[r#"
        struct Square {
          s: float,
        }
        struct Unit {
          _empty: uint,
        }
        struct IShape_dyn {
          tag: uint,
          Square: Square,
        }
        global buffer(read_write) outputBuffer: float
        entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

        fn computeMain(tid: uint3) -> void {
          local shape: IShape_dyn
          local dispatch: float
          %0: uint = zero
          %1: Unit = construct %0
          %2: uint = 3u
          %3: Square = zero
          %4: IShape_dyn = construct %2, %3
          store $shape, %4
          %5: uint = load $tid[0]
          %6: int = 0
          %7: uint = convert.uint %6
          %8: bool = eq %5, %7
          if %8 {
            %9: float = 2.0
            %10: Square = construct %9
            %11: uint = 7u
            %12: IShape_dyn = construct %11, %10
            store $shape, %12
          }
          %13: int = 0
          %14: IShape_dyn = load $shape
          %15: uint = extract %14, 0
          switch %15 {
            case 7: {
              %16: Square = extract %14, 1
              %17: float = call Square_area(%16)
              store $dispatch, %17
            }
            case 3, default: {
              %18: Unit = zero
              %19: float = call Unit_area(%18)
              store $dispatch, %19
            }
          }
          %20: float = load $dispatch
          store @outputBuffer[%13], %20
        }

        fn Square_area(this: Square) -> float {
          %0: float = load $this.s
          %1: float = load $this.s
          %2: float = mul %0, %1
          return %2
        }

        fn Unit_area(this: Unit) -> float {
          %0: float = 1.0
          return %0
        }
    "#]]
    .assert_eq(&ir::print_module(&module));
}
