//! Lowering of `WorkgroupSize()`, branches decided by `T is I`, subscripts of interface values
//! and constants computed by code (`static const This unit = This();`).

use expect_test::expect;

mod common;
use common::check;

#[test]
fn workgroup_size_is_the_entry_points_numthreads() {
    check(
        r#"
RWStructuredBuffer<int> outputBuffer;
[numthreads(8, 4, 1)]
void computeMain()
{
    outputBuffer[0] = WorkgroupSize().y;
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(8, 4, 1) ()

            fn computeMain() -> void {
              %0: int = 0
              %1: int = 8
              %2: int = 4
              %3: int = 1
              %4: int3 = construct %1, %2, %3
              %5: int = extract %4, 1
              store @outputBuffer[%0], %5
            }
        "#]],
    );
}

#[test]
fn a_branch_ruled_out_by_is_is_not_lowered() {
    check(
        r#"
interface I { int get(); }
struct A : I { int get() { return 1; } }
struct B { int x; }
int f<T>(T t) where optional T : I
{
    if (T is I)
        return t.get();
    return 0;
}
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    outputBuffer[0] = f(A()) + f(B(2));
}
"#,
        expect![[r#"
            struct A {
              _empty: uint,
            }
            struct B {
              x: int,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              %0: int = 0
              %1: uint = zero
              %2: A = construct %1
              %3: int = call f_A(%2)
              %4: int = 2
              %5: B = construct %4
              %6: int = call f_B(%5)
              %7: int = add %3, %6
              store @outputBuffer[%0], %7
            }

            fn f_A(t: A) -> int {
              %0: A = load $t
              %1: int = call A_get(%0)
              return %1
              %2: int = 0
              return %2
            }

            fn f_B(t: B) -> int {
              %0: int = 0
              return %0
            }

            fn A_get(this: A) -> int {
              %0: int = 1
              return %0
            }
        "#]],
    );
}

#[test]
fn subscript_of_an_interface_value_dispatches_on_the_tag() {
    check(
        r#"
interface ITable { __subscript(int i) -> float { get; } }
struct Ramp : ITable { float s; __subscript(int i) -> float { get { return s * float(i); } } }
struct One : ITable { __subscript(int i) -> float { get { return 1.0; } } }
ITable make(int k) { if (k == 0) return Ramp(2.0); return One(); }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    outputBuffer[0] = make(int(tid.x))[3];
}
"#,
        expect![[r#"
            struct Ramp {
              s: float,
            }
            struct ITable_Ramp {
              tag: uint,
              value: Ramp,
            }
            struct One {
              _empty: uint,
            }
            struct ITable_dyn {
              tag: uint,
              Ramp: Ramp,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local dispatch: float
              %0: int = 0
              %1: uint = load $tid[0]
              %2: int = convert.int %1
              %3: ITable_dyn = call make(%2)
              %4: int = 3
              %5: uint = extract %3, 0
              switch %5 {
                case 0: {
                  %6: Ramp = extract %3, 1
                  %7: float = call Ramp_get(%6, %4)
                  store $dispatch, %7
                }
                case 1, default: {
                  %8: One = zero
                  %9: float = call One_get(%8, %4)
                  store $dispatch, %9
                }
              }
              %10: float = load $dispatch
              store @outputBuffer[%0], %10
            }

            fn make(k: int) -> ITable_dyn {
              %0: int = load $k
              %1: int = 0
              %2: bool = eq %0, %1
              if %2 {
                %3: float = 2.0
                %4: Ramp = construct %3
                %5: uint = 0u
                %6: ITable_dyn = construct %5, %4
                return %6
              }
              %7: uint = zero
              %8: One = construct %7
              %9: uint = 1u
              %10: Ramp = zero
              %11: ITable_dyn = construct %9, %10
              return %11
            }

            fn Ramp_get(this: Ramp, i: int) -> float {
              %0: float = load $this.s
              %1: int = load $i
              %2: float = convert.float %1
              %3: float = mul %0, %2
              return %3
            }

            fn One_get(this: One, i: int) -> float {
              %0: float = 1.0
              return %0
            }
        "#]],
    );
}

#[test]
fn constant_made_by_a_constructor_is_computed_at_the_start() {
    check(
        r#"
struct S
{
    int v = 4;
    static const S unit = S();
}
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    outputBuffer[0] = S.unit.v;
}
"#,
        expect![[r#"
            struct S {
              v: int,
            }
            global buffer(read_write) outputBuffer: int
            global static unit: S = {0}
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              %2: int = 4
              %3: S = construct %2
              store @unit, %3
              %0: int = 0
              %1: int = load @unit.v
              store @outputBuffer[%0], %1
            }
        "#]],
    );
}
