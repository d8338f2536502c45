//! General lowering gaps: parameterless constructors run by declarations, `[NumThreads]` in any
//! case, writes through swizzles of scalars and matrices, default values that are expressions.

use expect_test::expect;

mod common;
use common::check;

#[test]
fn declaration_runs_the_parameterless_constructor() {
    check(
        r#"
struct Box<let V : int>
{
    int value;
    __init() { value = V; }
}
struct Plain { int a = 3; }
RWStructuredBuffer<int> outputBuffer;
[NumThreads(2, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    Box<-2> b;
    Box<int(5)> c;
    Plain p;
    outputBuffer[tid.x] = b.value + c.value + p.a;
}
"#,
        expect![[r#"
            struct Box_4294967294 {
              value: int,
            }
            struct Box_5 {
              value: int,
            }
            struct Plain {
              a: int,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(2, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local b: Box_4294967294
              local c: Box_5
              local p: Plain
              %0: Box_4294967294 = call Box_init()
              store $b, %0
              %1: Box_5 = call Box_init_1()
              store $c, %1
              %2: int = 3
              %3: Plain = construct %2
              store $p, %3
              %4: uint = load $tid[0]
              %5: int = load $b.value
              %6: int = load $c.value
              %7: int = add %5, %6
              %8: int = load $p.a
              %9: int = add %7, %8
              store @outputBuffer[%4], %9
            }

            fn Box_init() -> Box_4294967294 {
              local this: Box_4294967294
              %0: Box_4294967294 = zero
              store $this, %0
              %1: int = -2
              store $this.value, %1
              %2: Box_4294967294 = load $this
              return %2
            }

            fn Box_init_1() -> Box_5 {
              local this: Box_5
              %0: Box_5 = zero
              store $this, %0
              %1: int = 5
              store $this.value, %1
              %2: Box_5 = load $this
              return %2
            }
        "#]],
    );
}

#[test]
fn writes_through_swizzles_of_scalars_swizzles_and_matrix_elements() {
    check(
        r#"
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    float s = 0.0;
    s.x = 2.0;
    float4 v = 0;
    v.wzyx.xy = float2(1, 2);
    float2x2 m = float2x2(0);
    m._m00_m01_m10_m11.wz = float2(3, 4);
    vector<int, 1> one = vector<int, 1>(5);
    one.x += one[0];
    outputBuffer[0] = s + v.z + m._m10 + one.x;
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local s: float
              local v: float4
              local m: float2x2
              local one: int
              %0: float = 0.0
              store $s, %0
              %1: float = 2.0
              store $s, %1
              %2: int = 0
              %3: float = convert.float %2
              %4: float4 = splat %3
              store $v, %4
              %5: int = 1
              %6: int = 2
              %7: float = convert.float %5
              %8: float = convert.float %6
              %9: float2 = construct %7, %8
              %10: float = extract %9, 0
              store $v[3], %10
              %11: float = extract %9, 1
              store $v[2], %11
              %12: int = 0
              %13: float = convert.float %12
              %14: float2x2 = splat %13
              store $m, %14
              %15: int = 3
              %16: int = 4
              %17: float = convert.float %15
              %18: float = convert.float %16
              %19: float2 = construct %17, %18
              %20: float = extract %19, 0
              store $m[1][1], %20
              %21: float = extract %19, 1
              store $m[1][0], %21
              %22: int = 5
              store $one, %22
              %23: int = load $one
              %24: int = load $one
              %25: int = add %24, %23
              store $one, %25
              %26: int = 0
              %27: float = load $s
              %28: float = load $v[2]
              %29: float = add %27, %28
              %30: float = load $m[1][0]
              %31: float = add %29, %30
              %32: int = load $one
              %33: float = convert.float %32
              %34: float = add %31, %33
              store @outputBuffer[%26], %34
            }
        "#]],
    );
}

#[test]
fn default_values_that_are_expressions() {
    check(
        r#"
interface IMake { __init(); int get(); }
struct Seven : IMake { int v; __init() { v = 7; } int get() { return v; } }
struct Holder<T : IMake>
{
    T value = T();
    int d = 1 + 1;
    float3 c = float3(1, 2, 3);
}
int pick<T : IMake>(int x, T other = T(), int extra = 2 * 3) { return x + other.get() + extra; }
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    Holder<Seven> h = {};
    outputBuffer[0] = h.value.get() + h.d + int(h.c.z) + pick<Seven>(1);
}
"#,
        expect![[r#"
            struct Seven {
              v: int,
            }
            struct Holder_Seven {
              value: Seven,
              d: int,
              c: float3,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local h: Holder_Seven
              %0: Seven = call Seven_init()
              %1: int = 1
              %2: int = 1
              %3: int = 2
              %4: int = 1
              %5: int = 2
              %6: int = 3
              %7: float = convert.float %4
              %8: float = convert.float %5
              %9: float = convert.float %6
              %10: float3 = construct %7, %8, %9
              %11: Holder_Seven = construct %0, %3, %10
              store $h, %11
              %12: int = 0
              %13: Seven = load $h.value
              %14: int = call Seven_get(%13)
              %15: int = load $h.d
              %16: int = add %14, %15
              %17: float = load $h.c[2]
              %18: int = convert.int %17
              %19: int = add %16, %18
              %20: int = 1
              %21: Seven = call Seven_init()
              %22: int = 2
              %23: int = 3
              %24: int = 6
              %25: int = call pick_Seven(%20, %21, %24)
              %26: int = add %19, %25
              store @outputBuffer[%12], %26
            }

            fn Seven_init() -> Seven {
              local this: Seven
              %0: Seven = zero
              store $this, %0
              %1: int = 7
              store $this.v, %1
              %2: Seven = load $this
              return %2
            }

            fn Seven_get(this: Seven) -> int {
              %0: int = load $this.v
              return %0
            }

            fn pick_Seven(x: int, other: Seven, extra: int) -> int {
              %0: int = load $x
              %1: Seven = load $other
              %2: int = call Seven_get(%1)
              %3: int = add %0, %2
              %4: int = load $extra
              %5: int = add %3, %4
              return %5
            }
        "#]],
    );
}

#[test]
fn is_and_as_on_generic_parameters_are_constants() {
    check(
        r#"
interface I { int get(); }
struct A : I { int get() { return 1; } }
struct B { float f; }
int probe<T, U>(T x) where optional U : I
{
    int r = 0;
    if (x is float) r += 1;
    if (T is int) r += 2;
    if (U is I) r += 4;
    if (let f = x as float) r += int(f);
    return r;
}
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    outputBuffer[0] = probe<float, A>(2.0) + probe<int, B>(3);
}
"#,
        expect![[r#"
            struct Optional_float {
              value: float,
              hasValue: bool,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              %0: int = 0
              %1: float = 2.0
              %2: int = call probe_float_A(%1)
              %3: int = 3
              %4: int = call probe_int_B(%3)
              %5: int = add %2, %4
              store @outputBuffer[%0], %5
            }

            fn probe_float_A(x: float) -> int {
              local r: int
              local f: float
              %0: int = 0
              store $r, %0
              %1: int = 1
              %2: int = load $r
              %3: int = add %2, %1
              store $r, %3
              %4: int = 4
              %5: int = load $r
              %6: int = add %5, %4
              store $r, %6
              %7: float = load $x
              %8: bool = true
              %9: Optional_float = construct %7, %8
              %10: bool = extract %9, 1
              if %10 {
                %11: float = extract %9, 0
                store $f, %11
                %12: float = load $f
                %13: int = convert.int %12
                %14: int = load $r
                %15: int = add %14, %13
                store $r, %15
              }
              %16: int = load $r
              return %16
            }

            fn probe_int_B(x: int) -> int {
              local r: int
              local f: float
              %0: int = 0
              store $r, %0
              %1: int = 2
              %2: int = load $r
              %3: int = add %2, %1
              store $r, %3
              %4: int = load $x
              %5: float = zero
              %6: bool = false
              %7: Optional_float = construct %5, %6
              %8: bool = extract %7, 1
              if %8 {
                %9: float = extract %7, 0
                store $f, %9
                %10: float = load $f
                %11: int = convert.int %10
                %12: int = load $r
                %13: int = add %12, %11
                store $r, %13
              }
              %14: int = load $r
              return %14
            }
        "#]],
    );
}

#[test]
fn case_labels_naming_local_constants() {
    check(
        r#"
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    const uint K_A = 3;
    const uint K_B = K_A + 1;
    switch (tid.x)
    {
    case K_A: outputBuffer[0] = 1; break;
    case K_B: outputBuffer[0] = 2; break;
    }
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local K_A: uint
              local K_B: uint
              %0: int = 3
              %1: uint = convert.uint %0
              store $K_A, %1
              %2: uint = load $K_A
              %3: int = 1
              %4: uint = convert.uint %3
              %5: uint = add %2, %4
              store $K_B, %5
              %6: uint = load $tid[0]
              switch %6 {
                case 3: {
                  %7: int = 0
                  %8: int = 1
                  store @outputBuffer[%7], %8
                  break
                }
                case 4: {
                  %9: int = 0
                  %10: int = 2
                  store @outputBuffer[%9], %10
                  break
                }
                default: {
                }
              }
            }
        "#]],
    );
}

#[test]
fn nonmutating_setter_on_a_uniform_receiver() {
    check(
        r#"
RWStructuredBuffer<int> outputBuffer;
struct Table
{
    int base;
    __subscript(int i) -> int
    {
        get { return base + i; }
        [nonmutating] set { outputBuffer[i] = newValue + base; }
    }
}
uniform Table table;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    table[1] = 5;
}
"#,
        expect![[r#"
            struct Table {
              base: int,
            }
            global buffer(read_write) outputBuffer: int
            global uniform table: Table
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              %0: int = 1
              %1: int = 5
              %2: Table = load @table
              %3: void = call Table_set(%2, %0, %1)
            }

            fn Table_set(this: Table, i: int, newValue: int) -> void {
              %0: int = load $i
              %1: int = load $newValue
              %2: int = load $this.base
              %3: int = add %1, %2
              store @outputBuffer[%0], %3
            }
        "#]],
    );
}

#[test]
fn short_vector_init_lists_and_empty_scalar_constructors() {
    check(
        r#"
RWStructuredBuffer<int> outputBuffer;
T zeroOf<T>() { return T(); }
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    int4 v = { 4, 5, 6 };
    outputBuffer[0] = v.w + zeroOf<int>() + int(zeroOf<float2>().y);
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local v: int4
              %0: int = 4
              %1: int = 5
              %2: int = 6
              %3: int = zero
              %4: int4 = construct %0, %1, %2, %3
              store $v, %4
              %5: int = 0
              %6: int = load $v[3]
              %7: int = call zeroOf_int()
              %8: int = add %6, %7
              %9: float2 = call zeroOf_float2()
              %10: float = extract %9, 1
              %11: int = convert.int %10
              %12: int = add %8, %11
              store @outputBuffer[%5], %12
            }

            fn zeroOf_int() -> int {
              %0: int = zero
              return %0
            }

            fn zeroOf_float2() -> float2 {
              %0: float2 = zero
              return %0
            }
        "#]],
    );
}
